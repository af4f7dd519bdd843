import type { ImageSource } from '../../canonical/canonical-request.ts';
import { badRequest } from '../../canonical/gateway-error.ts';

/**
 * A canonical image as an entry of Ollama's `images`: the base64 bytes alone (Ollama reads the
 * type from them). Ollama fetches nothing, so an image given by URL cannot be sent.
 */
export function canonicalImageToOllama(source: ImageSource, param: string): string {
  if (source.kind === 'data') return source.data;
  throw badRequest(
    `'${param}' cannot be sent to an Ollama model: it takes images as inline bytes, not by URL.`,
    param,
    'unsupported_parameter',
  );
}
