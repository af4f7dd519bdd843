import type { AppEvents, LogEntry, ModelAttempt } from '../../../shared/contract.ts';
import { i18n } from '../i18n/i18n.ts';

/** Why a route moved on (or how the last model ended), in words; unknown codes made readable. */
const OUTCOME_WORDS: Readonly<Record<string, () => string>> = {
  answered: () => i18n.t('format.attempts.outcome.answered'),
  rate_limited: () => i18n.t('format.attempts.outcome.rate_limited'),
  upstream_error: () => i18n.t('format.attempts.outcome.upstream_error'),
  overloaded: () => i18n.t('format.attempts.outcome.overloaded'),
  upstream_unreachable: () => i18n.t('format.attempts.outcome.upstream_unreachable'),
  connection_reset: () => i18n.t('format.attempts.outcome.connection_reset'),
  first_byte_timeout: () => i18n.t('format.attempts.outcome.first_byte_timeout'),
  model_not_found: () => i18n.t('format.attempts.outcome.model_not_found'),
  bad_request: () => i18n.t('format.attempts.outcome.bad_request'),
  key_rejected: () => i18n.t('format.attempts.outcome.key_rejected'),
  cancelled: () => i18n.t('format.attempts.outcome.cancelled'),
};

export function outcomeWords(outcome: string): string {
  return OUTCOME_WORDS[outcome]?.() ?? outcome.replace(/_/g, ' ');
}

/** "sim-anthropic answered 429 (rate limited)", "sim-x gave no answer (could not be reached)". */
export function attemptPhrase(attempt: ModelAttempt): string {
  if (attempt.outcome === 'answered')
    return i18n.t('format.attempts.answered', { model: attempt.model });
  const why = outcomeWords(attempt.outcome);
  return attempt.status === null
    ? i18n.t('format.attempts.noAnswer', { model: attempt.model, why })
    : i18n.t('format.attempts.answeredStatus', {
        model: attempt.model,
        status: attempt.status,
        why,
      });
}

/**
 * The notice for `route.fallback`: "Route 'coding' fell back: sim-anthropic answered 429 (rate
 * limited); sim-chat answered."
 */
export function fallbackNotice(event: AppEvents['route.fallback']): string {
  const name = event.modelRoute ?? event.asked;
  const failed = event.attempts.filter((a) => a.outcome !== 'answered').map(attemptPhrase);
  const answered = event.attempts.find((a) => a.outcome === 'answered')?.model ?? event.servedModel;
  const end = answered
    ? i18n.t('format.attempts.endAnswered', { model: answered })
    : i18n.t('format.attempts.endNone');
  return i18n.t('format.attempts.fellBack', {
    route: name,
    steps: [...failed, end].join(i18n.t('format.attempts.separator')),
  });
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
