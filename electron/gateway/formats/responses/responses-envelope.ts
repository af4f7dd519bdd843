import type { ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';

const stringOr = <T>(value: unknown, fallback: T): string | T =>
  typeof value === 'string' ? value : fallback;
const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === 'number' ? value : fallback;
const booleanOr = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

/**
 * A declared tool as echoed back. The schema and the 7.55 types require a function tool's
 * `parameters` and `strict`; what the client left out is echoed as null ("not stated"), since
 * without it the upstream's own default applied, which need not be OpenAI's strict `true`.
 */
function echoedTool(tool: unknown): unknown {
  if (!isRecord(tool) || tool.type !== 'function') return tool;
  return { ...tool, parameters: tool.parameters ?? null, strict: tool.strict ?? null };
}

/**
 * The fields every response object carries, echoing what the client asked for (the real API
 * echoes its request parameters). The 7.55 types mark `id, created_at, error,
 * incomplete_details, instructions, metadata, model, object, output, parallel_tool_calls,
 * temperature, tool_choice, tools, top_p` and `access_programs` as always present. `usage` is
 * left out until it is known: the real API writes `null` there, but neither the OpenAPI schema
 * nor the types allow null, while both allow it absent.
 */
export function responsesEnvelope(
  ctx: ResponseEncodeContext,
  createdAt: number,
): Record<string, unknown> {
  const body = ctx.clientBody;
  return {
    id: ctx.responseId,
    object: 'response',
    created_at: createdAt,
    status: 'in_progress',
    access_programs: null,
    error: null,
    incomplete_details: null,
    instructions: stringOr(body.instructions, null),
    max_output_tokens: numberOr(body.max_output_tokens, null),
    model: ctx.request.model,
    output: [],
    parallel_tool_calls: booleanOr(body.parallel_tool_calls, true),
    previous_response_id: stringOr(body.previous_response_id, null),
    reasoning: isRecord(body.reasoning) ? body.reasoning : { effort: null, summary: null },
    store: booleanOr(body.store, true),
    temperature: numberOr(body.temperature, null),
    text: isRecord(body.text) ? body.text : { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: Array.isArray(body.tools) ? body.tools.map(echoedTool) : [],
    top_p: numberOr(body.top_p, null),
    metadata: isRecord(body.metadata) ? body.metadata : {},
  };
}
