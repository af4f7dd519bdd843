import type { ImageSource } from '../../canonical/canonical-request.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { imageMimeTypeOf, isGeminiFileUri } from './gemini-file-uri.ts';

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

/**
 * A canonical image → a Gemini part. Gemini fetches only its own Files API and Cloud Storage
 * URIs; any other URL would need the gateway to download it, which it does not do.
 */
export function canonicalImageToGemini(
  source: ImageSource,
  param: string,
): Record<string, unknown> {
  if (source.kind === 'data') {
    return { inlineData: { mimeType: source.mimeType, data: source.data } };
  }
  const inline = DATA_URL.exec(source.url);
  if (inline) return { inlineData: { mimeType: inline[1], data: inline[2] } };
  if (isGeminiFileUri(source.url)) {
    return { fileData: { fileUri: source.url, mimeType: imageMimeTypeOf(source.url) } };
  }
  throw badRequest(
    'image URLs cannot be sent to a native-format model; send the image inline as a data: URL',
    param,
    'unsupported_parameter',
  );
}
