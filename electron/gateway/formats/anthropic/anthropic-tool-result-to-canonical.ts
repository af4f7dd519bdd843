import type { CanonicalImagePart } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { isRecord } from '../../canonical/json.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalArray, optionalBoolean, requiredString } from '../read-field.ts';
import { ANTHROPIC_TOOL_RESULT_BLOCK_POLICY } from './anthropic-field-policy.ts';
import { readImageBlock } from './anthropic-image-block.ts';
import { readTextBlock } from './anthropic-text-block.ts';

/**
 * How a failed tool result reaches a format without an error flag (rule
 * `anthropic.tool_error_as_text`): its text, prefixed, so the model still reads it as a failure.
 */
const TOOL_ERROR_PREFIX = 'Error: ';

const refuse = (param: string, reason: string) =>
  badRequest(`'${param}' cannot be translated: ${reason}`, param, 'unsupported_parameter');

/**
 * A `tool_result` block → the call it answers, its text, and its images (Claude Code reading a
 * screenshot), which the canonical result holds beside its text. Text blocks are joined one per
 * line (as chat tool messages are). Documents have no equivalent and are refused.
 */
export function anthropicToolResultToCanonical(
  block: Record<string, unknown>,
  where: string,
  ctx: ConversionContext,
): { callId: string; content: string; images: CanonicalImagePart[] } {
  applyFieldPolicy(block, ANTHROPIC_TOOL_RESULT_BLOCK_POLICY, ctx, where);
  const callId = requiredString(block.tool_use_id, `${where}.tool_use_id`);
  const images: CanonicalImagePart[] = [];
  const texts: string[] = [];
  if (typeof block.content === 'string') texts.push(block.content);
  else if (block.content !== undefined && block.content !== null) {
    const items = optionalArray(block.content, `${where}.content`) ?? [];
    items.forEach((item, i) => {
      const param = `${where}.content.${i}`;
      if (isRecord(item) && item.type === 'image') images.push(readImageBlock(item, param, ctx));
      else if (isRecord(item) && item.type !== 'text')
        throw refuse(
          param,
          `a tool result can only carry text and images to another format, not a ${String(item.type)} block.`,
        );
      else texts.push(readTextBlock(item, param, ctx));
    });
  }
  let content = texts.join('\n');
  if (optionalBoolean(block.is_error, `${where}.is_error`) === true) {
    addRule(ctx, 'anthropic.tool_error_as_text');
    content = `${TOOL_ERROR_PREFIX}${content}`;
  }
  return { callId, content, images };
}
