import type { CanonicalRequest } from '../../../electron/gateway/canonical/canonical-request.ts';
import type {
  ConversionContext,
  ResponseEncodeContext,
} from '../../../electron/gateway/canonical/conversion-context.ts';
import type { CatalogModel } from '../../../electron/gateway/catalog/catalog-model.ts';
import type { OllamaClock } from '../../../electron/gateway/formats/ollama/ollama-metrics.ts';
import { encodeContextOf, testContext } from './test-context.ts';

/**
 * Test support for the Ollama codec's tests (`electron/gateway/formats/ollama/`): encode contexts
 * answering an Ollama client, the request ids and scripted clock its metrics are read from, and
 * real images. Contexts and error capture are the shared ones (`test-context.ts`,
 * `../gateway-error-of.ts`).
 */

/** 2025-01-01T00:00:00.000Z in epoch ms: the request ids below start then. */
export const T0 = Date.UTC(2025, 0, 1);

/** A gateway request id whose time prefix is `ms` (server/request-id.ts). */
export const requestIdAt = (ms: number): string =>
  `req_${ms.toString(16).padStart(12, '0')}abcdef012345`;

/** An encode context answering an Ollama client that sent `clientBody`. */
export function testEncodeContext(
  clientBody: Record<string, unknown>,
  request: Partial<CanonicalRequest> = {},
  base: ConversionContext = testContext(),
): ResponseEncodeContext {
  return {
    ...encodeContextOf({ requestId: requestIdAt(T0), responseId: 'ollama-test-1' }, request, base),
    clientBody,
  };
}

/** The body of a chat, and of a generate request, as an encoder sees them. */
export const CHAT_BODY = { model: 'client-model', messages: [{ role: 'user', content: 'Hi' }] };
export const GENERATE_BODY = { model: 'client-model', prompt: 'Hi' };

/**
 * A clock that reads `T0 + offsets[i]` ms on its i-th call and keeps the last value after;
 * `reads` counts the calls, so a test can tell which reading was which.
 */
export function scriptedClock(...offsets: number[]): OllamaClock & { reads: () => number } {
  let i = 0;
  const clock = () => T0 + (offsets[Math.min(i++, offsets.length - 1)] ?? 0);
  return Object.assign(clock, { reads: () => i });
}

/** Real images, base64 without prefix, as Ollama clients send them. */
export const IMAGES = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  jpeg: '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////2wBDAf//////////////////////////////////////////////////////////////////////////////////////wAARCAABAAEDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AfwD/2Q==',
  gif: 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  webp: 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
  pdf: 'JVBERi0xLjQKJeLjz9MKMSAwIG9iago8PD4+CmVuZG9iagp0cmFpbGVyCjw8Pj4KJSVFT0YK',
} as const;

/** A chat-completions catalog model as the Ollama discovery tests list it, with `extra` over it. */
export const catalogModel = (id: string, extra: Partial<CatalogModel> = {}): CatalogModel => ({
  id,
  ownedBy: 'openai',
  created: 1_735_689_600,
  markers: ['openai'],
  formats: ['chat'],
  markersKnown: true,
  tariff: null,
  overridden: { markers: false, tariff: false },
  ...extra,
});
