import type { WireFormat } from '../../shared/wire-formats.ts';
import { chunk, end, head, lastChunk, reset, wait, type FaultStep } from './fault-upstream.ts';
import { expect } from 'vitest';
import { expectErrorIn, type ErrorReply } from './error-shapes.ts';

/**
 * Ways to damage or reshape a real SSE body without changing what it means (CRLF, comments,
 * splits, one huge event) or while changing it (truncation), as steps for the fault upstream.
 */

export const SSE_HEAD = head(200, {
  'content-type': 'text/event-stream',
  'transfer-encoding': 'chunked',
});

/** Every line ending as CRLF, as some proxies send it. */
export const toCrlf = (sse: string): string => sse.replace(/\r?\n/g, '\r\n');

/** A comment line before every event and a keep-alive comment block between events. */
export const withComments = (sse: string): string =>
  sse
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => `: keep-alive\n\n:comment inside\n${block}\n\n`)
    .join('');

/** The body in pieces of `size` bytes, each its own chunk after a pause, so reads split lines. */
export function inPieces(body: string | Buffer, size: number, pauseMs = 1): FaultStep[] {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const steps: FaultStep[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    if (at > 0 && pauseMs >= 0) steps.push(wait(pauseMs));
    steps.push(chunk(bytes.subarray(at, at + size)));
  }
  return steps;
}

/** Pieces cut exactly between every CR and its LF, the split a naive CRLF reader gets wrong. */
export function splitInsideCrlf(sse: string): FaultStep[] {
  const pieces = sse.split('\r\n');
  const steps: FaultStep[] = [];
  pieces.forEach((piece, i) => {
    const last = i === pieces.length - 1;
    if (i > 0) steps.push(wait(1));
    const text = (i > 0 ? '\n' : '') + piece + (last ? '' : '\r');
    if (text) steps.push(chunk(text));
  });
  return steps;
}

/** A whole streamed answer: head, the body steps, the last chunk, then the connection closes. */
export const sseAnswer = (body: FaultStep[]): FaultStep[] => [SSE_HEAD, ...body, lastChunk, end];

/** A streamed answer whose connection is reset once `offset` bytes of the body have gone. */
export function sseResetAt(sse: string, offset: number): FaultStep[] {
  const bytes = Buffer.from(sse).subarray(0, offset);
  return [SSE_HEAD, ...(bytes.length > 0 ? [chunk(bytes), wait(5)] : []), reset];
}

interface SseEvent {
  event?: string;
  data: string;
}

function parseEvents(sse: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of sse.replace(/\r\n/g, '\n').split('\n\n')) {
    if (!block.trim()) continue;
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    events.push(event === undefined ? { data: data.join('\n') } : { event, data: data.join('\n') });
  }
  return events;
}

const frame = (e: SseEvent): string =>
  e.event === undefined ? `data: ${e.data}\n\n` : `event: ${e.event}\ndata: ${e.data}\n\n`;

type Json = Record<string, unknown>;

/** A string field of an event that holds generated text. */
interface TextSlot {
  holder: Json;
  key: string;
}

/** How each format's stream events carry text and in-stream errors. */
interface StreamShape {
  /** The places an event holds answer text (thoughts and thinking excluded), in order. */
  textSlots(json: Json, name: string | undefined): TextSlot[];
  isError(json: Json, name: string | undefined): boolean;
}

const slotIf = (holder: unknown, key: string): TextSlot[] =>
  typeof holder === 'object' && holder !== null && typeof (holder as Json)[key] === 'string'
    ? [{ holder: holder as Json, key }]
    : [];

type GeminiCandidate = { content?: { parts?: { text?: unknown; thought?: unknown }[] } };

const STREAM_SHAPES: Record<WireFormat, StreamShape> = {
  chat: {
    textSlots: (json) =>
      slotIf((json.choices as { delta?: unknown }[] | undefined)?.[0]?.delta, 'content'),
    isError: (json) => json.error !== undefined,
  },
  responses: {
    textSlots: (json) => (json.type === 'response.output_text.delta' ? slotIf(json, 'delta') : []),
    isError: (json) => json.type === 'error' || json.type === 'response.failed',
  },
  gemini: {
    textSlots: (json) =>
      ((json.candidates as GeminiCandidate[] | undefined)?.[0]?.content?.parts ?? [])
        .filter((part) => part.thought !== true)
        .flatMap((part) => slotIf(part, 'text')),
    isError: (json) => json.error !== undefined,
  },
  // Named events, and @anthropic-ai/sdk reads an event by its name (one it does not know is
  // skipped): text is a `content_block_delta` event's `text_delta`; an error is an `error` event
  // whose data is `{"type":"error","error":{...}}`.
  anthropic: {
    textSlots: (json, name) =>
      name === 'content_block_delta' &&
      json.type === name &&
      (json.delta as Json | undefined)?.type === 'text_delta'
        ? slotIf(json.delta, 'text')
        : [],
    isError: (json, name) => name === 'error' && json.type === 'error',
  },
};

/** Puts `text` into the first text delta of a recorded stream, whatever its format. */
function inflateDelta(format: WireFormat, event: SseEvent, json: Json, text: string): boolean {
  const [slot] = STREAM_SHAPES[format].textSlots(json, event.event);
  if (!slot) return false;
  slot.holder[slot.key] = text;
  return true;
}

/**
 * The recorded stream with its first text delta replaced by `text` (a huge event). Later
 * events that repeat the whole text (responses' `done` events) keep the recorded text, which
 * no client-facing check here depends on.
 */
export function withHugeEvent(format: WireFormat, sse: string, text: string): string {
  let done = false;
  return parseEvents(sse)
    .map((event) => {
      if (done || event.data === '[DONE]') return frame(event);
      const json = JSON.parse(event.data) as Record<string, unknown>;
      if (!inflateDelta(format, event, json, text)) return frame(event);
      done = true;
      return frame({ ...event, data: JSON.stringify(json) });
    })
    .join('');
}

/** The first `count` events of a recorded stream: the rest, terminal events included, never come. */
export const firstEvents = (sse: string, count: number): string =>
  parseEvents(sse).slice(0, count).map(frame).join('');

/** The JSON events of an SSE body (`[DONE]` and anything else that is not JSON skipped). */
function jsonEvents(sse: string): (SseEvent & { json: Json })[] {
  const out: (SseEvent & { json: Json })[] = [];
  for (const event of parseEvents(sse)) {
    if (event.data === '[DONE]') continue;
    try {
      out.push({ ...event, json: JSON.parse(event.data) as Json });
    } catch {
      continue;
    }
  }
  return out;
}

/** The generated text of a client-format SSE body, to compare what arrived with what was sent. */
export function streamedText(format: WireFormat, sse: string): string {
  let text = '';
  for (const { json, event } of jsonEvents(sse))
    for (const slot of STREAM_SHAPES[format].textSlots(json, event))
      text += String(slot.holder[slot.key]);
  return text;
}

/** The in-stream error a client got, if any, in its format's shape (the event's data). */
export function streamError(format: WireFormat, sse: string): string | null {
  const error = jsonEvents(sse).find(({ json, event }) =>
    STREAM_SHAPES[format].isError(json, event),
  );
  return error === undefined ? null : error.data;
}

/**
 * A stream that broke: the client learns it in its own format, never from a silent 200. Once
 * bytes of the answer reached it, the status line has gone and the stream ends with its format's
 * in-stream error; before that (a translated stream whose first upstream events gave the client
 * nothing yet), the answer is an error status in its format. Returns which of the two it was.
 */
export function expectBrokenStream(
  format: WireFormat,
  reply: ErrorReply,
  statusBeforeBytes: number,
): 'in-stream' | 'status' {
  if (reply.status === 200) {
    expect(streamError(format, reply.text), reply.text.slice(-300)).not.toBeNull();
    return 'in-stream';
  }
  expectErrorIn(format, reply, statusBeforeBytes);
  return 'status';
}
