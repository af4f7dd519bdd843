import type { CanonicalRequest } from '../../../electron/gateway/canonical/canonical-request.ts';
import type { ResponseEncodeContext } from '../../../electron/gateway/canonical/conversion-context.ts';
import type { CanonicalStreamEvent } from '../../../electron/gateway/canonical/canonical-stream.ts';
import { GatewayError } from '../../../electron/gateway/canonical/gateway-error.ts';
import { testContext } from './test-context.ts';
import type { ItemSink } from '../../../electron/gateway/formats/responses/responses-item-sink.ts';
import { createResponsesStreamEncoder } from '../../../electron/gateway/formats/responses/responses-stream-encoder.ts';

export { testContext };

export function testEncodeContext(
  clientBody: Record<string, unknown> = { model: 'client-model', input: 'hi' },
  request: Partial<CanonicalRequest> = {},
): ResponseEncodeContext & { stateMap: Map<string, string> } {
  return {
    ...testContext(),
    request: { model: 'client-model', messages: [], sampling: {}, stream: true, ...request },
    clientBody,
    requestId: 'req_test',
    responseId: 'resp_test123',
  };
}

/** The GatewayError a function throws, or a failed expectation. */
export function gatewayErrorOf(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}

/** Encodes events and ends the stream, returning the SSE text. */
export function encodeStream(
  events: CanonicalStreamEvent[],
  ctx: ResponseEncodeContext = testEncodeContext(),
): string {
  const encoder = createResponsesStreamEncoder(ctx);
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}

/** A sink that records events as objects instead of SSE text. */
export function recordingSink() {
  const events: Record<string, unknown>[] = [];
  const output: Record<string, unknown>[] = [];
  const sink: ItemSink = {
    write: (type, fields) => {
      events.push({ type, ...structuredClone(fields) });
      return `<${type}>`;
    },
    add: (item) => output.push(item) - 1,
  };
  return { sink, events, output };
}
