import { typeErrorsOf, type TypedValue } from '../typed-literals.ts';

/** Values the Anthropic encoders wrote, checked against @anthropic-ai/sdk's own types. */

type AnthropicShape = 'message' | 'event' | 'error' | 'request';

export type AnthropicValue = TypedValue<AnthropicShape>;

const TYPE_NAMES: Record<AnthropicShape, string> = {
  message: 'Message',
  event: 'RawMessageStreamEvent',
  error: 'ErrorResponse',
  request: 'MessageCreateParams',
};

const PRELUDE = `import type { Message, MessageCreateParams, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ErrorResponse } from '@anthropic-ai/sdk/resources/shared';
`;

/** The type errors of every value, each prefixed with its label (empty when all conform). */
export const anthropicTypeErrors = (values: readonly AnthropicValue[]): Promise<string[]> =>
  typeErrorsOf(PRELUDE, TYPE_NAMES, values);
