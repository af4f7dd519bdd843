import type { AppEvents, LogEntry, ModelAttempt } from '../../../shared/contract.ts';

/** Why a route moved on (or how the last model ended), in words; unknown codes made readable. */
const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  answered: 'answered',
  rate_limited: 'rate limited',
  upstream_error: 'upstream error',
  overloaded: 'overloaded',
  upstream_unreachable: 'could not be reached',
  connection_reset: 'connection reset',
  first_byte_timeout: 'first byte too slow',
  model_not_found: 'not in the catalog',
  bad_request: 'request refused',
  key_rejected: 'key rejected',
  cancelled: 'cancelled by the client',
};

export function outcomeWords(outcome: string): string {
  return OUTCOME_WORDS[outcome] ?? outcome.replace(/_/g, ' ');
}

/** "sim-anthropic answered 429 (rate limited)", "sim-x gave no answer (could not be reached)". */
export function attemptPhrase(attempt: ModelAttempt): string {
  if (attempt.outcome === 'answered') return `${attempt.model} answered`;
  const why = outcomeWords(attempt.outcome);
  return attempt.status === null
    ? `${attempt.model} gave no answer (${why})`
    : `${attempt.model} answered ${attempt.status} (${why})`;
}

/**
 * The notice for `route.fallback`: "Route 'coding' fell back: sim-anthropic answered 429 (rate
 * limited); sim-chat answered."
 */
export function fallbackNotice(event: AppEvents['route.fallback']): string {
  const name = event.modelRoute ?? event.asked;
  const failed = event.attempts.filter((a) => a.outcome !== 'answered').map(attemptPhrase);
  const answered = event.attempts.find((a) => a.outcome === 'answered');
  const end = answered
    ? `${answered.model} answered.`
    : event.servedModel
      ? `${event.servedModel} answered.`
      : 'no model answered.';
  return `Route '${name}' fell back: ${[...failed, end].join('; ')}`;
}

/** The attempts a log row holds (rows written before routes existed have none). */
export const attemptsOf = (entry: Pick<LogEntry, 'modelAttempts'>): ModelAttempt[] =>
  entry.modelAttempts ?? [];

/** The model column: "coding → sim-chat" when the model asked for is not the one that answered. */
export function askedAndAnswered(entry: Pick<LogEntry, 'model' | 'servedModel'>): string {
  const asked = entry.model;
  const served = entry.servedModel ?? null;
  if (asked && served && asked !== served) return `${asked} → ${served}`;
  return asked ?? served ?? '—';
}
