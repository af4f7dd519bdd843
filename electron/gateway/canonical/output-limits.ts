import type { CanonicalPart } from './canonical-request.ts';
import type { CanonicalResponse } from './canonical-response.ts';
import type { CanonicalStreamEvent } from './canonical-stream.ts';

/**
 * Limits on the answer that the client asked for and the upstream's format could not take: a
 * token cap below the upstream's minimum (responses refuses caps under 16), or stop sequences
 * (responses has none). The gateway applies them to the answer itself, so the client gets what
 * it asked for, cut where it asked, with the finish reason that says so.
 */
export interface OutputLimits {
  /** Visible text ends after this many tokens, with finish reason `length`. */
  maxTextTokens?: number;
  /** Visible text ends before the first of these, with finish reason `stop`. */
  stop?: string[];
}

/** Counts and cuts text in tokens; the server supplies one (a BPE tokenizer, loaded on demand). */
export interface TextTokenizer {
  count(text: string): number;
  /** The longest prefix of `text` that holds at most `tokens` tokens. */
  prefix(text: string, tokens: number): string;
}

export const hasOutputLimits = (limits: OutputLimits | undefined): limits is OutputLimits =>
  limits !== undefined &&
  (limits.maxTextTokens !== undefined || (limits.stop !== undefined && limits.stop.length > 0));

/**
 * Where the text must end: the cut point and the finish reason it gives, or none. Stop
 * sequences are looked for from `searchFrom` on: a stream has searched what came before.
 */
function cutOf(
  text: string,
  limits: OutputLimits,
  tokenizer: TextTokenizer,
  searchFrom = 0,
): { text: string; reason: 'stop' | 'length' } | undefined {
  let stopAt = -1;
  for (const stop of limits.stop ?? []) {
    if (stop === '') continue;
    const at = text.indexOf(stop, searchFrom);
    if (at >= 0 && (stopAt < 0 || at < stopAt)) stopAt = at;
  }
  const kept = stopAt >= 0 ? text.slice(0, stopAt) : text;
  const cap = limits.maxTextTokens;
  if (cap !== undefined && tokenizer.count(kept) > cap)
    return { text: tokenizer.prefix(kept, cap), reason: 'length' };
  return stopAt >= 0 ? { text: kept, reason: 'stop' } : undefined;
}

/** A whole answer cut to the limits: text after the cut and tool calls after it are gone. */
export function limitResponse(
  response: CanonicalResponse,
  limits: OutputLimits,
  tokenizer: TextTokenizer,
): CanonicalResponse {
  const text = response.parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');
  const cut = cutOf(text, limits, tokenizer);
  if (cut === undefined) return response;
  let left = cut.text.length;
  const parts: CanonicalPart[] = [];
  for (const part of response.parts) {
    if (part.type === 'reasoning') parts.push(part);
    if (part.type !== 'text' || left <= 0) continue;
    parts.push({ type: 'text', text: part.text.slice(0, left) });
    left -= part.text.length;
  }
  return { ...response, parts, finishReason: cut.reason };
}

/**
 * The same cut over a stream. Text is held back only as long as it could still be the start of
 * a stop sequence, so the client sees every other delta at once. After the cut, further text and
 * tool calls are swallowed; reasoning, usage and errors pass; the finish event says why it ended.
 */
export class StreamOutputLimiter {
  private sent = '';
  private held = '';
  private done: 'stop' | 'length' | undefined;
  private readonly holdBack: number;
  private readonly limits: OutputLimits;
  private readonly tokenizer: TextTokenizer;

  constructor(limits: OutputLimits, tokenizer: TextTokenizer) {
    this.limits = limits;
    this.tokenizer = tokenizer;
    this.holdBack = Math.max(0, ...(limits.stop ?? []).map((stop) => stop.length - 1));
  }

  push(event: CanonicalStreamEvent): CanonicalStreamEvent[] {
    switch (event.type) {
      case 'text-delta':
        return this.done ? [] : this.text(event.text);
      case 'tool-call-start':
      case 'tool-call-delta':
      case 'tool-call-end':
      case 'refusal-delta':
        return this.done ? [] : [...this.flush(), event];
      case 'finish':
        if (this.done) return [{ type: 'finish', reason: this.done }];
        return [...this.flush(), event];
      case 'error':
        return [...this.flush(), event];
      default:
        return [event];
    }
  }

  // Held text is never sent, so a stop sequence cannot begin inside what was sent already.
  private text(delta: string): CanonicalStreamEvent[] {
    const pending = this.held + delta;
    const whole = this.sent + pending;
    const cut = cutOf(whole, this.limits, this.tokenizer, this.sent.length);
    if (cut !== undefined) {
      this.done = cut.reason;
      this.held = '';
      const rest = cut.text.slice(this.sent.length);
      this.sent = cut.text;
      return rest === '' ? [] : [{ type: 'text-delta', text: rest }];
    }
    // Keep back what could still begin a stop sequence completed by the next delta.
    const release = pending.length - this.holdBack;
    if (release <= 0) {
      this.held = pending;
      return [];
    }
    this.held = pending.slice(release);
    const out = pending.slice(0, release);
    this.sent += out;
    return [{ type: 'text-delta', text: out }];
  }

  private flush(): CanonicalStreamEvent[] {
    if (this.held === '') return [];
    const out = this.held;
    this.held = '';
    this.sent += out;
    return [{ type: 'text-delta', text: out }];
  }
}
