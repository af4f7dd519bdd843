import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { isRecord } from '../../canonical/json.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalArray, requiredString } from '../read-field.ts';
import { ANTHROPIC_TEXT_BLOCK_POLICY } from './anthropic-field-policy.ts';

/** A `text` block's text; `cache_control` and `citations` are dropped under their rules. */
export function readTextBlock(raw: unknown, param: string, ctx: ConversionContext): string {
  if (!isRecord(raw) || raw.type !== 'text')
    throw badRequest(
      `'${param}' cannot be translated: only text blocks are allowed here.`,
      param,
      'unsupported_parameter',
    );
  applyFieldPolicy(raw, ANTHROPIC_TEXT_BLOCK_POLICY, ctx, param);
  return requiredString(raw.text, `${param}.text`);
}

/** `string | Array<TextBlockParam>` (the `system` field, a system message's content) as texts. */
export function readTextContent(value: unknown, param: string, ctx: ConversionContext): string[] {
  if (typeof value === 'string') return [value];
  const blocks = optionalArray(value, param);
  if (blocks === undefined)
    throw badRequest(`Invalid '${param}': expected a string or an array of text blocks.`, param);
  return blocks.map((block, i) => readTextBlock(block, `${param}.${i}`, ctx));
}

/** The top-level `system` field as one text (blocks joined with blank lines), if any. */
export function anthropicSystemToCanonical(
  value: unknown,
  ctx: ConversionContext,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = readTextContent(value, 'system', ctx)
    .filter((t) => t !== '')
    .join('\n\n');
  return text === '' ? undefined : text;
}
