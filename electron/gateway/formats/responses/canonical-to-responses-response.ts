import type { CanonicalPart, CanonicalTool } from '../../canonical/canonical-request.ts';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import type { ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { terminalOf } from './map-responses-status.ts';
import { argumentsToCustomInput, declaredToolOf } from './responses-declared-tools.ts';
import { responsesEnvelope } from './responses-envelope.ts';
import { responsesReasoning } from './responses-state.ts';
import { canonicalUsageToResponses } from './responses-usage.ts';

type Item = Record<string, unknown>;
type ItemStatus = 'completed' | 'incomplete';

/** Text parts become one `output_text`, refusal parts one `refusal`, in order of first appearance. */
function messageItem(parts: CanonicalPart[], status: ItemStatus): Item {
  const content: Item[] = [];
  let text: Item | undefined;
  let refusal: Item | undefined;
  for (const part of parts) {
    if (part.type === 'text') {
      if (text) text.text = `${String(text.text)}${part.text}`;
      else
        content.push(
          (text = { type: 'output_text', text: part.text, annotations: [], logprobs: [] }),
        );
    } else if (part.type === 'refusal') {
      if (refusal) refusal.refusal = `${String(refusal.refusal)}${part.text}`;
      else content.push((refusal = { type: 'refusal', refusal: part.text }));
    }
  }
  return { id: newId('msg_'), type: 'message', status, role: 'assistant', content };
}

/** A call in the shape the client declared its tool: function, namespaced function or custom. */
function callItem(
  part: Extract<CanonicalPart, { type: 'tool-call' }>,
  tools: readonly CanonicalTool[] | undefined,
): Item {
  const declared = declaredToolOf(tools, part.name);
  const namespace = declared?.namespace === undefined ? {} : { namespace: declared.namespace };
  if (declared?.kind === 'custom')
    return {
      id: newId('ctc_'),
      type: 'custom_tool_call',
      call_id: part.id,
      name: declared.name,
      ...namespace,
      input: argumentsToCustomInput(part.arguments),
    };
  return {
    id: newId('fc_'),
    type: 'function_call',
    status: 'completed',
    call_id: part.id,
    name: declared?.name ?? part.name,
    ...namespace,
    arguments: part.arguments,
  };
}

/**
 * Canonical answer parts as output items: runs of text make one message, like a stream would.
 * `tools` are the request's, so calls go back in the shape their tools were declared in.
 */
export function outputItemsOf(
  parts: CanonicalPart[],
  messageStatus: ItemStatus,
  tools?: readonly CanonicalTool[],
): Item[] {
  const items: Item[] = [];
  let run: CanonicalPart[] = [];
  let reasoning: { item: Item; text: string } | undefined;
  const flush = () => {
    if (run.length > 0) items.push(messageItem(run, messageStatus));
    run = [];
  };
  for (const part of parts) {
    if (part.type === 'text' || part.type === 'refusal') {
      reasoning = undefined;
      run.push(part);
      continue;
    }
    flush();
    if (part.type === 'reasoning') {
      // Consecutive thoughts are one reasoning item, unless opaque state already sealed it.
      const { encrypted, id } = responsesReasoning(part);
      if (!reasoning || reasoning.item.encrypted_content !== undefined) {
        reasoning = {
          item: {
            id: encrypted !== undefined && id !== undefined ? id : newId('rs_'),
            type: 'reasoning',
            summary: [],
          },
          text: '',
        };
        items.push(reasoning.item);
      }
      reasoning.text += part.text;
      reasoning.item.summary = reasoning.text
        ? [{ type: 'summary_text', text: reasoning.text }]
        : [];
      if (encrypted !== undefined) reasoning.item.encrypted_content = encrypted;
      continue;
    }
    reasoning = undefined;
    if (part.type === 'tool-call') items.push(callItem(part, tools));
  }
  flush();
  return items;
}

/** The canonical answer as the response object a responses client expects. */
export function canonicalToResponsesResponse(
  response: CanonicalResponse,
  ctx: ResponseEncodeContext,
): Record<string, unknown> {
  const terminal = terminalOf(response.finishReason);
  return {
    ...responsesEnvelope(ctx, response.created),
    status: terminal.status,
    ...(terminal.status === 'completed' ? { completed_at: nowSeconds() } : {}),
    error:
      terminal.status === 'failed'
        ? { code: 'server_error', message: 'The model stopped with an error.' }
        : null,
    incomplete_details: terminal.incomplete_details,
    output: outputItemsOf(
      response.parts,
      terminal.status === 'incomplete' ? 'incomplete' : 'completed',
      ctx.request.tools,
    ),
    // Absent when unknown: the schema and the types have no null usage (see responsesEnvelope).
    ...(response.usage ? { usage: canonicalUsageToResponses(response.usage) } : {}),
  };
}
