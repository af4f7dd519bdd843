import type { CanonicalImagePart, ImageSource } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { requiredRecord, requiredString } from '../read-field.ts';
import {
  ANTHROPIC_BASE64_SOURCE_POLICY,
  ANTHROPIC_IMAGE_BLOCK_POLICY,
  ANTHROPIC_URL_SOURCE_POLICY,
} from './anthropic-field-policy.ts';

/** An `image` block, in a user message or inside a tool result, as a canonical image part. */
export function readImageBlock(
  block: Record<string, unknown>,
  where: string,
  ctx: ConversionContext,
): CanonicalImagePart {
  applyFieldPolicy(block, ANTHROPIC_IMAGE_BLOCK_POLICY, ctx, where);
  return { type: 'image', source: readImageSource(block.source, `${where}.source`, ctx) };
}

function readImageSource(raw: unknown, where: string, ctx: ConversionContext): ImageSource {
  const source = requiredRecord(raw, where);
  if (source.type === 'base64') {
    applyFieldPolicy(source, ANTHROPIC_BASE64_SOURCE_POLICY, ctx, where);
    return {
      kind: 'data',
      mimeType: requiredString(source.media_type, `${where}.media_type`),
      data: requiredString(source.data, `${where}.data`),
    };
  }
  if (source.type === 'url') {
    applyFieldPolicy(source, ANTHROPIC_URL_SOURCE_POLICY, ctx, where);
    return { kind: 'url', url: requiredString(source.url, `${where}.url`) };
  }
  if (source.type === 'file')
    throw badRequest(
      `'${where}' cannot be translated: a Files API file id cannot be read by another format; send the image inline.`,
      where,
      'unsupported_parameter',
    );
  throw badRequest(`Invalid '${where}.type': expected base64, url or file.`, `${where}.type`);
}
