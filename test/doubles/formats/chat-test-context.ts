import type { CanonicalRequest } from '../../../electron/gateway/canonical/canonical-request.ts';
import type {
  ConversionContext,
  ResponseEncodeContext,
  StoredConversation,
} from '../../../electron/gateway/canonical/conversion-context.ts';

/** A fresh conversion context with in-memory stores, for this folder's tests. */
export function testContext(): ConversionContext {
  const stateMap = new Map<string, string>();
  const stored = new Map<string, StoredConversation>();
  return {
    rules: [],
    dropped: [],
    state: { get: (key) => stateMap.get(key), set: (key, value) => void stateMap.set(key, value) },
    responses: { get: (id) => stored.get(id), set: (id, c) => void stored.set(id, c) },
  };
}

/** An encode context answering a chat client that asked for `request`. */
export function testEncodeContext(
  request: Partial<CanonicalRequest> = {},
  base: ConversionContext = testContext(),
): ResponseEncodeContext {
  return {
    ...base,
    request: { model: 'client-model', messages: [], sampling: {}, stream: true, ...request },
    clientBody: {},
    requestId: 'req_test',
    responseId: 'chatcmpl-gateway1',
  };
}
