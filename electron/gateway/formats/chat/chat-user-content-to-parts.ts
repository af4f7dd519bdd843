import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import {
  CHAT_IMAGE_PART_POLICY,
  CHAT_IMAGE_URL_POLICY,
  CHAT_TEXT_PART_POLICY,
} from './chat-field-policy.ts';
import { imageUrlToSource } from './chat-image-url.ts';
import { optionalString, requiredRecord, requiredString } from '../read-field.ts';

type ImageDetail = 'auto' | 'low' | 'high' | 'original';
const DETAILS: readonly string[] = ['auto', 'low', 'high', 'original'];

const REFUSED_PARTS: Readonly<Record<string, string>> = {
  input_audio: 'audio input is not translated between formats',
  file: 'file parts are not translated between formats',
};

/** A user message's `content` (string or text / image_url parts) as canonical parts. */
export function chatUserContentToParts(
  content: unknown,
  param: string,
  ctx: ConversionContext,
): CanonicalPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content))
    throw badRequest(`Invalid '${param}': expected a string or an array of parts.`, param);
  return content.map((part, index) => userPart(part, `${param}.${index}`, ctx));
}

function userPart(part: unknown, param: string, ctx: ConversionContext): CanonicalPart {
  if (!isRecord(part)) throw badRequest(`Invalid '${param}': expected an object.`, param);
  const type = part.type;
  if (type === 'text') {
    applyFieldPolicy(part, CHAT_TEXT_PART_POLICY, ctx, param);
    return { type: 'text', text: requiredString(part.text, `${param}.text`) };
  }
  if (type === 'image_url') {
    applyFieldPolicy(part, CHAT_IMAGE_PART_POLICY, ctx, param);
    const image = requiredRecord(part.image_url, `${param}.image_url`);
    applyFieldPolicy(image, CHAT_IMAGE_URL_POLICY, ctx, `${param}.image_url`);
    const url = requiredString(image.url, `${param}.image_url.url`);
    const detail = optionalString(image.detail, `${param}.image_url.detail`);
    if (detail !== undefined && !DETAILS.includes(detail))
      throw badRequest(
        `Invalid '${param}.image_url.detail': expected one of ${DETAILS.join(', ')}.`,
        `${param}.image_url.detail`,
      );
    return {
      type: 'image',
      source: imageUrlToSource(url, `${param}.image_url`),
      ...(detail === undefined ? {} : { detail: detail as ImageDetail }),
    };
  }
  const reason = typeof type === 'string' ? REFUSED_PARTS[type] : undefined;
  throw badRequest(
    `'${param}' cannot be translated: ${reason ?? `content part type '${String(type)}' is not supported in user messages`}.`,
    param,
    'unsupported_parameter',
  );
}
