import type { CanonicalRequest } from '../../../electron/gateway/canonical/canonical-request.ts';
import type { CanonicalStreamEvent } from '../../../electron/gateway/canonical/canonical-stream.ts';
import type {
  ConversionContext,
  ResponseEncodeContext,
} from '../../../electron/gateway/canonical/conversion-context.ts';
import { encodeContextOf, testContext } from './test-context.ts';
import { createAnthropicStreamEncoder } from '../../../electron/gateway/formats/anthropic/anthropic-stream-encoder.ts';

export { testContext };

/** An encode context answering an Anthropic client that asked for `request`. */
export const testEncodeContext = (
  request: Partial<CanonicalRequest> = {},
  base: ConversionContext = testContext(),
): ResponseEncodeContext => encodeContextOf({ responseId: 'msg_gateway1' }, request, base);

/** Encodes events and ends the stream, returning the SSE text. */
export function encodeStream(
  events: CanonicalStreamEvent[],
  ctx: ResponseEncodeContext = testEncodeContext(),
): string {
  const encoder = createAnthropicStreamEncoder(ctx);
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}

export interface SseRecord {
  event: string;
  data: Record<string, unknown>;
}

/** The records of an Anthropic SSE text, checking the framing (`event:` then `data:`). */
export function sseRecords(sse: string): SseRecord[] {
  if (sse === '') return [];
  if (!sse.endsWith('\n\n')) throw new Error(`SSE does not end with a blank line: ${sse}`);
  return sse
    .slice(0, -2)
    .split('\n\n')
    .map((record) => {
      const lines = record.split('\n');
      const [eventLine, dataLine] = lines;
      if (
        lines.length !== 2 ||
        !eventLine?.startsWith('event: ') ||
        !dataLine?.startsWith('data: ')
      )
        throw new Error(`not an Anthropic SSE record: ${record}`);
      const data = JSON.parse(dataLine.slice('data: '.length)) as Record<string, unknown>;
      const event = eventLine.slice('event: '.length);
      if (data.type !== event)
        throw new Error(`event name ${event} differs from type ${String(data.type)}`);
      return { event, data };
    });
}
