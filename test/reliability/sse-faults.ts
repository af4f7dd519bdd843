import type { WireFormat } from '../../shared/wire-formats.ts';
import { chunk, end, head, lastChunk, reset, wait, type FaultStep } from './fault-upstream.ts';

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

/** Puts `text` into the first text delta of a recorded stream, whatever its format. */
function inflateDelta(format: WireFormat, json: Record<string, unknown>, text: string): boolean {
  if (format === 'chat') {
    const choice = (json.choices as { delta?: { content?: unknown } }[] | undefined)?.[0];
    if (typeof choice?.delta?.content !== 'string') return false;
    choice.delta.content = text;
    return true;
  }
  if (format === 'responses') {
    if (json.type !== 'response.output_text.delta') return false;
    json.delta = text;
    return true;
  }
  type Candidate = { content?: { parts?: { text?: unknown; thought?: unknown }[] } };
  const part = (json.candidates as Candidate[] | undefined)?.[0]?.content?.parts?.find(
    (p) => typeof p.text === 'string' && p.thought !== true,
  );
  if (!part) return false;
  part.text = text;
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
      if (!inflateDelta(format, json, text)) return frame(event);
      done = true;
      return frame({ ...event, data: JSON.stringify(json) });
    })
    .join('');
}

/** The first `count` events of a recorded stream: the rest, terminal events included, never come. */
export const firstEvents = (sse: string, count: number): string =>
  parseEvents(sse).slice(0, count).map(frame).join('');

/** The generated text of a client-format SSE body, to compare what arrived with what was sent. */
export function streamedText(format: WireFormat, sse: string): string {
  let text = '';
  for (const event of parseEvents(sse)) {
    if (event.data === '[DONE]') continue;
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(event.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (format === 'chat') {
      const choice = (json.choices as { delta?: { content?: unknown } }[] | undefined)?.[0];
      if (typeof choice?.delta?.content === 'string') text += choice.delta.content;
    } else if (format === 'responses') {
      if (json.type === 'response.output_text.delta' && typeof json.delta === 'string')
        text += json.delta;
    } else {
      type Candidate = { content?: { parts?: { text?: unknown; thought?: unknown }[] } };
      for (const part of (json.candidates as Candidate[] | undefined)?.[0]?.content?.parts ?? [])
        if (typeof part.text === 'string' && part.thought !== true) text += part.text;
    }
  }
  return text;
}

/** The in-stream error a client got, if any, in its format's shape. */
export function streamError(format: WireFormat, sse: string): string | null {
  for (const event of parseEvents(sse)) {
    if (event.data === '[DONE]') continue;
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(event.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (format === 'responses') {
      if (json.type === 'error' || json.type === 'response.failed') return event.data;
    } else if (json.error !== undefined) return event.data;
  }
  return null;
}
