import type { CanonicalUsage } from '../../canonical/canonical-response.ts';
import { canonicalUsageToOllama } from './ollama-usage.ts';

/** Wall-clock milliseconds since the epoch. */
export type OllamaClock = () => number;

/** `Date.now`: the clock the request id's time was read from, so the two can be subtracted. */
export const systemClock: OllamaClock = () => Date.now();

/** The metrics of an answer's last record: counts, and durations in nanoseconds. */
export interface OllamaMetrics {
  total_duration: number;
  load_duration: number;
  prompt_eval_count: number;
  prompt_eval_duration: number;
  eval_count: number;
  eval_duration: number;
}

const REQUEST_ID_TIME = /^req_([0-9a-f]{12})/;
const DAY_MS = 86_400_000;

/**
 * When the request began, in epoch milliseconds. The gateway's request ids start with the time
 * in milliseconds (`req_` + 12 hex digits, server/request-id.ts); an encoder is made only once the
 * upstream has answered, so it reads the start from there. An id of another shape, or a time that
 * makes no sense, falls back to `fallback` (the encoder's own creation).
 */
export function requestStartMs(requestId: string, fallback: number): number {
  const hex = REQUEST_ID_TIME.exec(requestId)?.[1];
  if (hex === undefined) return fallback;
  const start = Number.parseInt(hex, 16);
  return start <= fallback && fallback - start < DAY_MS ? start : fallback;
}

const nanos = (ms: number): number => Math.max(0, Math.round(ms * 1e6));

/**
 * What the gateway can measure of Ollama's timings. Nothing is loaded here, so `load_duration`
 * is 0. Streamed: `total_duration` runs from the request's start to the last record,
 * `prompt_eval_duration` to the first output (the upstream's queue, prefill and the network),
 * `eval_duration` from the first output to the last. Not streamed, the answer arrives whole and
 * the gateway cannot tell prefill from generation: the whole wait is `eval_duration` (so a
 * tokens-per-second figure made from it is a lower bound) and `prompt_eval_duration` is 0.
 */
export class OllamaTimer {
  private readonly clock: OllamaClock;
  private readonly start: number;
  private first: number | undefined;
  private last: number | undefined;

  constructor(requestId: string, clock: OllamaClock = systemClock) {
    this.clock = clock;
    this.start = requestStartMs(requestId, clock());
  }

  /** Output went out now (text, thinking or a tool call). */
  output(): void {
    const now = this.clock();
    this.first ??= now;
    this.last = now;
  }

  /** The last record's metrics, for an answer that was streamed or not. */
  metrics(usage: CanonicalUsage | undefined, streamed: boolean): OllamaMetrics {
    const total = this.clock() - this.start;
    const first = this.first;
    let prompt = 0;
    let evaluation = total;
    if (streamed) {
      prompt = first === undefined ? total : first - this.start;
      evaluation = first === undefined ? 0 : (this.last ?? first) - first;
    }
    const counts = canonicalUsageToOllama(usage);
    // In the order Ollama writes them.
    return {
      total_duration: nanos(total),
      load_duration: 0,
      prompt_eval_count: counts.prompt_eval_count,
      prompt_eval_duration: nanos(prompt),
      eval_count: counts.eval_count,
      eval_duration: nanos(evaluation),
    };
  }
}
