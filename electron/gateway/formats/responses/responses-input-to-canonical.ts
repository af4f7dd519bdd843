import type {
  CanonicalImagePart,
  CanonicalMessage,
  CanonicalPart,
} from '../../canonical/canonical-request.ts';
import { addDropped, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import {
  responsesContentToCanonical,
  responsesPartToCanonical,
} from './responses-content-to-canonical.ts';
import {
  joinPath,
  oneOf,
  optionalString,
  recordAt,
  refuse,
  requiredString,
} from './field-readers.ts';
import { customInputToArguments, flatToolName } from './responses-declared-tools.ts';
import { withResponsesReasoning } from './responses-state.ts';

export interface DecodedInput {
  /** Text of the system / developer messages that open the conversation. */
  systemTexts: string[];
  messages: CanonicalMessage[];
}

// Item `id` and `status` are OpenAI's bookkeeping for stored items; they carry no meaning here.
const MESSAGE_POLICY: FieldPolicy = {
  carried: ['type', 'role', 'content', 'id', 'status'],
  dropped: { phase: 'responses.phase_dropped' },
  refused: {},
};
// `namespace` is read with the name: a namespaced function travels under a flattened name.
const CALL_POLICY: FieldPolicy = {
  carried: ['type', 'call_id', 'name', 'namespace', 'arguments', 'id', 'status'],
  dropped: {},
  refused: {},
};
const CUSTOM_CALL_POLICY: FieldPolicy = {
  carried: ['type', 'call_id', 'name', 'namespace', 'input', 'id', 'status'],
  dropped: {},
  refused: {},
};
const OUTPUT_POLICY: FieldPolicy = {
  carried: ['type', 'call_id', 'output', 'name', 'namespace', 'id', 'status'],
  dropped: {},
  refused: {},
};

/**
 * Items a hosted tool left in the history (a search OpenAI ran, an image it made). A model
 * reached through another format could not have run them and has no way to read them back; what
 * the assistant said about their results is in its messages, which are carried.
 */
const HOSTED_CALL_ITEMS = new Set([
  'web_search_call',
  'file_search_call',
  'code_interpreter_call',
  'image_generation_call',
  'mcp_call',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
  'computer_call',
  'computer_call_output',
  'tool_search_call',
  'tool_search_output',
]);
const REASONING_POLICY: FieldPolicy = {
  carried: ['type', 'id', 'summary', 'content', 'encrypted_content', 'status'],
  dropped: {},
  refused: {},
};

const ROLES = ['user', 'assistant', 'system', 'developer'] as const;

/** Texts of a list of `{type, text}` parts (reasoning summaries, tool output parts). */
function textsOf(value: unknown, where: string, allowed: readonly string[]): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw refuse(where, 'expected a list of parts');
  return value.map((raw, index) => {
    const param = joinPath(where, index);
    const part = recordAt(raw, param);
    const type = requiredString(part, 'type', param);
    if (!allowed.includes(type))
      throw refuse(joinPath(param, 'type'), `part type '${type}' has no equivalent here`);
    return requiredString(part, 'text', param);
  });
}

/**
 * A function output's text and images (Codex's view_image). Text parts are separate pieces of
 * output, so they stay apart, one per line, rather than run into one word; the images go beside
 * the text in the canonical result.
 */
function toolOutputOf(
  output: unknown,
  where: string,
  ctx: ConversionContext,
): { text: string; images: CanonicalImagePart[] } {
  if (typeof output === 'string') return { text: output, images: [] };
  if (output === undefined || output === null) return { text: '', images: [] };
  if (!Array.isArray(output)) throw refuse(where, 'expected a string or a list of parts');
  const images: CanonicalImagePart[] = [];
  const texts: string[] = [];
  output.forEach((raw, index) => {
    const param = joinPath(where, index);
    const type = requiredString(recordAt(raw, param), 'type', param);
    if (type === 'input_text') texts.push(requiredString(recordAt(raw, param), 'text', param));
    else if (type !== 'input_image')
      throw refuse(joinPath(param, 'type'), `part type '${type}' has no equivalent here`);
    else {
      const part = responsesPartToCanonical(raw, 'user', param, ctx);
      if (part.type === 'image') images.push(part);
    }
  });
  return { text: texts.join('\n'), images };
}

/** Tool-call names by call id, from the stored conversation, for results that omit the name. */
function callNamesOf(history: CanonicalMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of history)
    for (const part of message.parts) if (part.type === 'tool-call') names.set(part.id, part.name);
  return names;
}

/**
 * The `input` of a responses request as canonical turns. Assistant-side items that follow each
 * other (reasoning, assistant messages, function calls) form one assistant turn, and consecutive
 * function results one tool turn, as the other formats group them. System and developer
 * messages before any other item open the conversation; later ones stay where they are, as
 * system turns. With a stored conversation in front, every system message is a later one.
 */
export function responsesInputToCanonical(
  input: unknown,
  history: CanonicalMessage[],
  ctx: ConversionContext,
): DecodedInput {
  const systemTexts: string[] = [];
  const messages: CanonicalMessage[] = [];
  if (typeof input === 'string') {
    messages.push({ role: 'user', parts: [{ type: 'text', text: input }] });
    return { systemTexts, messages };
  }
  if (!Array.isArray(input)) throw refuse('input', 'expected a string or a list of items');

  const callNames = callNamesOf(history);
  let leading = history.length === 0;
  const turn = (role: 'assistant' | 'tool'): CanonicalPart[] => {
    const last = messages.at(-1);
    if (last?.role === role) return last.parts;
    const parts: CanonicalPart[] = [];
    messages.push({ role, parts });
    return parts;
  };

  input.forEach((raw, index) => {
    const where = joinPath('input', index);
    const item = recordAt(raw, where);
    const type = optionalString(item, 'type', where) ?? (item.role === undefined ? '' : 'message');
    if (type !== 'message') leading = false;
    switch (type) {
      case 'message': {
        applyFieldPolicy(item, MESSAGE_POLICY, ctx, where);
        const role = oneOf(requiredString(item, 'role', where), ROLES, joinPath(where, 'role'));
        const contentWhere = joinPath(where, 'content');
        if (role === 'system' || role === 'developer') {
          const parts = responsesContentToCanonical(item.content, 'system', contentWhere, ctx);
          if (!leading) {
            messages.push({ role: 'system', parts });
            return;
          }
          for (const part of parts) if (part.type === 'text') systemTexts.push(part.text);
          return;
        }
        leading = false;
        if (role === 'user') {
          const parts = responsesContentToCanonical(item.content, 'user', contentWhere, ctx);
          messages.push({ role: 'user', parts });
        } else {
          turn('assistant').push(
            ...responsesContentToCanonical(item.content, 'assistant', contentWhere, ctx),
          );
        }
        return;
      }
      case 'function_call':
      case 'custom_tool_call': {
        const custom = type === 'custom_tool_call';
        applyFieldPolicy(item, custom ? CUSTOM_CALL_POLICY : CALL_POLICY, ctx, where);
        const id = requiredString(item, 'call_id', where);
        const namespace = optionalString(item, 'namespace', where);
        const name = flatToolName(namespace, requiredString(item, 'name', where));
        callNames.set(id, name);
        turn('assistant').push({
          type: 'tool-call',
          id,
          name,
          arguments: custom
            ? customInputToArguments(requiredString(item, 'input', where))
            : requiredString(item, 'arguments', where),
        });
        return;
      }
      case 'function_call_output':
      case 'custom_tool_call_output': {
        applyFieldPolicy(item, OUTPUT_POLICY, ctx, where);
        const callId = requiredString(item, 'call_id', where);
        // The result must answer a call the conversation holds, as OpenAI itself requires.
        const name = callNames.get(callId);
        if (name === undefined)
          throw badRequest(
            `No tool call found for function call output with call_id ${callId}.`,
            joinPath(where, 'call_id'),
            'invalid_value',
          );
        const output = toolOutputOf(item.output, joinPath(where, 'output'), ctx);
        turn('tool').push({
          type: 'tool-result',
          callId,
          name,
          content: output.text,
          ...(output.images.length > 0 ? { images: output.images } : {}),
        });
        return;
      }
      case 'reasoning': {
        applyFieldPolicy(item, REASONING_POLICY, ctx, where);
        const summary = textsOf(item.summary, joinPath(where, 'summary'), ['summary_text']);
        const content = textsOf(item.content, joinPath(where, 'content'), ['reasoning_text']);
        const encrypted = optionalString(item, 'encrypted_content', where);
        const id = optionalString(item, 'id', where);
        turn('assistant').push(
          withResponsesReasoning(
            {
              type: 'reasoning',
              // Summaries are what clients see; raw reasoning text only when there is no summary.
              text: (summary.length > 0 ? summary : content).join('\n\n'),
            },
            encrypted,
            id,
          ),
        );
        return;
      }
      case 'item_reference':
        throw refuse(where, 'item references point into OpenAI storage; send the items themselves');
      default:
        if (HOSTED_CALL_ITEMS.has(type)) {
          addDropped(ctx, where, 'responses.hosted_tool_item_dropped');
          return;
        }
        throw refuse(
          where,
          `input items of type '${type || '(none)'}' have no equivalent in other formats`,
        );
    }
  });
  return { systemTexts, messages };
}
