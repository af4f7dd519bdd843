import type { CanonicalRequest } from '../../../electron/gateway/canonical/canonical-request.ts';
import type {
  ConversionContext,
  ResponseEncodeContext,
  StoredConversation,
} from '../../../electron/gateway/canonical/conversion-context.ts';

/** A fresh conversion context whose stores are plain maps the test can inspect. */
export function testContext(): ConversionContext & {
  stateMap: Map<string, string>;
  responseMap: Map<string, StoredConversation>;
} {
  const stateMap = new Map<string, string>();
  const responseMap = new Map<string, StoredConversation>();
  return {
    rules: [],
    dropped: [],
    stateMap,
    responseMap,
    state: { get: (key) => stateMap.get(key), set: (key, value) => void stateMap.set(key, value) },
    responses: {
      get: (id) => responseMap.get(id),
      set: (id, conversation) => void responseMap.set(id, conversation),
    },
  };
}

/** The ids and model one format's encoder tests expect to see. */
export interface EncodeFixture {
  model?: string;
  requestId?: string;
  responseId: string;
}

/** An encode context answering a client that asked for `request`. */
export function encodeContextOf(
  fixture: EncodeFixture,
  request: Partial<CanonicalRequest> = {},
  base: ConversionContext = testContext(),
): ResponseEncodeContext {
  return {
    ...base,
    request: {
      model: fixture.model ?? 'client-model',
      messages: [],
      sampling: {},
      stream: true,
      ...request,
    },
    clientBody: {},
    requestId: fixture.requestId ?? 'req_test',
    responseId: fixture.responseId,
  };
}
