import type { CanonicalPart, ImageSource } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import {
  joinPath,
  oneOf,
  optionalString,
  recordAt,
  refuse,
  requiredString,
} from './field-readers.ts';

/** Which side of the conversation a message's parts belong to; they allow different parts. */
export type ContentSide = 'user' | 'assistant' | 'system';

const CACHE_BREAKPOINT = { prompt_cache_breakpoint: 'responses.prompt_cache_breakpoint_dropped' };

const TEXT_POLICY: FieldPolicy = {
  carried: ['type', 'text'],
  dropped: CACHE_BREAKPOINT,
  refused: {},
};
const OUTPUT_TEXT_POLICY: FieldPolicy = {
  carried: ['type', 'text', 'annotations', 'logprobs'],
  dropped: {},
  refused: {},
};
const REFUSAL_POLICY: FieldPolicy = { carried: ['type', 'refusal'], dropped: {}, refused: {} };
const IMAGE_POLICY: FieldPolicy = {
  carried: ['type', 'image_url', 'detail'],
  dropped: CACHE_BREAKPOINT,
  refused: { file_id: 'file ids point into OpenAI file storage, which other formats cannot read' },
};

const DETAILS = ['auto', 'low', 'high', 'original'] as const;

/** `data:<mime>;base64,<b64>` → inline bytes; http(s) → a URL. Anything else has no equivalent. */
export function imageSourceOf(url: string, param: string): ImageSource {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (match) return { kind: 'data', mimeType: match[1] ?? '', data: match[2] ?? '' };
  if (/^https?:\/\//i.test(url)) return { kind: 'url', url };
  throw refuse(param, 'an image must be an http(s) URL or a base64 data URL');
}

function hasEntries(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

/** One content part of a message (or of a function output) as canonical. */
export function responsesPartToCanonical(
  raw: unknown,
  side: ContentSide,
  where: string,
  ctx: ConversionContext,
): CanonicalPart {
  const part = recordAt(raw, where);
  const type = requiredString(part, 'type', where);
  switch (type) {
    case 'input_text':
      applyFieldPolicy(part, TEXT_POLICY, ctx, where);
      return { type: 'text', text: requiredString(part, 'text', where) };
    case 'output_text':
      applyFieldPolicy(part, OUTPUT_TEXT_POLICY, ctx, where);
      // Citations and token log-probabilities describe a past answer; no format takes them as input.
      if (hasEntries(part.annotations) || hasEntries(part.logprobs))
        addRule(ctx, 'responses.output_annotations_dropped');
      return { type: 'text', text: requiredString(part, 'text', where) };
    case 'refusal':
      if (side !== 'assistant') throw refuse(where, 'only assistant messages carry refusals');
      applyFieldPolicy(part, REFUSAL_POLICY, ctx, where);
      return { type: 'refusal', text: requiredString(part, 'refusal', where) };
    case 'input_image': {
      if (side !== 'user') throw refuse(where, 'images are accepted in user messages only');
      applyFieldPolicy(part, IMAGE_POLICY, ctx, where);
      const url = requiredString(part, 'image_url', where);
      const detail = optionalString(part, 'detail', where);
      return {
        type: 'image',
        source: imageSourceOf(url, joinPath(where, 'image_url')),
        ...(detail === undefined
          ? {}
          : { detail: oneOf(detail, DETAILS, joinPath(where, 'detail')) }),
      };
    }
    case 'input_file':
      throw refuse(where, 'file inputs have no equivalent in the canonical form');
    default:
      throw refuse(joinPath(where, 'type'), `content part type '${type}' is not supported`);
  }
}

/** A message's `content` (a string or a part list) as canonical parts. */
export function responsesContentToCanonical(
  content: unknown,
  side: ContentSide,
  where: string,
  ctx: ConversionContext,
): CanonicalPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw refuse(where, 'content must be a string or a list of parts');
  return content.map((part, index) =>
    responsesPartToCanonical(part, side, joinPath(where, index), ctx),
  );
}
