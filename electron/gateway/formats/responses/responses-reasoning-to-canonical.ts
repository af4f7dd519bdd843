import type { CanonicalReasoning, ReasoningEffort } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import { oneOf, optionalString, withoutDefaults } from './field-readers.ts';

const EFFORTS: readonly ReasoningEffort[] = [
  'none',
  'minimal',
  'low',
  'medium',
  'high',
  'xhigh',
  'max',
];
const SUMMARIES = ['auto', 'concise', 'detailed'] as const;

const REASONING_POLICY: FieldPolicy = {
  carried: ['effort', 'summary', 'generate_summary'],
  // Which earlier reasoning the model re-reads is OpenAI's own context handling.
  dropped: { context: 'responses.reasoning_context_dropped' },
  refused: { mode: 'reasoning modes other than standard have no equivalent in other formats' },
};

/** `reasoning.effort` as the effort; any `summary` asks for thoughts back. */
export function responsesReasoningToCanonical(
  reasoning: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalReasoning | undefined {
  applyFieldPolicy(
    withoutDefaults(reasoning, { mode: 'standard' }),
    REASONING_POLICY,
    ctx,
    'reasoning',
  );
  const effort = optionalString(reasoning, 'effort', 'reasoning');
  // `generate_summary` is the deprecated spelling of `summary`.
  const summary =
    optionalString(reasoning, 'summary', 'reasoning') ??
    optionalString(reasoning, 'generate_summary', 'reasoning');
  if (summary !== undefined) oneOf(summary, SUMMARIES, 'reasoning.summary');
  if (effort === undefined && summary === undefined) return undefined;
  return {
    ...(effort === undefined ? {} : { effort: oneOf(effort, EFFORTS, 'reasoning.effort') }),
    ...(summary === undefined ? {} : { includeThoughts: true }),
  };
}
