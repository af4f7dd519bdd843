import type { CanonicalRequest } from '../../../electron/gateway/canonical/canonical-request.ts';
import type {
  ConversionContext,
  ResponseEncodeContext,
} from '../../../electron/gateway/canonical/conversion-context.ts';
import { encodeContextOf, testContext } from './test-context.ts';

export { testContext };

/** An encode context answering a chat client that asked for `request`. */
export const testEncodeContext = (
  request: Partial<CanonicalRequest> = {},
  base: ConversionContext = testContext(),
): ResponseEncodeContext => encodeContextOf({ responseId: 'chatcmpl-gateway1' }, request, base);
