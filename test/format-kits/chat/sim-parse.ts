import { imageUrlProblem, simImageOfUrl } from '../../upstream-sim/base64.ts';
import { badRequest } from '../../upstream-sim/errors.ts';
import { asArray, asNumber, asRecord, asString, isRecord } from '../../upstream-sim/json-guards.ts';
import type { JsonRecord } from '../../upstream-sim/json-guards.ts';
import { defer, emptyRequest } from '../../upstream-sim/sim-request.ts';
import type {
  ParseResult,
  SimImage,
  SimRequest,
  SimToolChoice,
  SimToolResult,
} from '../../upstream-sim/sim-request.ts';

/** Reads a `POST /v1/chat/completions` body. */
export function parseChatRequest(body: unknown): ParseResult {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.', null);
  const model = asString(body.model);
  if (model === undefined) return invalid("Missing required parameter: 'model'.", 'model');
  const messages = asArray(body.messages);
  if (messages === undefined) return invalid("Missing required parameter: 'messages'.", 'messages');
  if (messages.length === 0) {
    return invalid("Invalid 'messages': empty array. Expected at least one message.", 'messages');
  }
  const req = emptyRequest(model, body.stream === true);
  readMessages(req, messages);
  readTools(req, body);
  req.maxOutputTokens = asNumber(body.max_completion_tokens) ?? asNumber(body.max_tokens) ?? null;
  req.parallelToolCalls = body.parallel_tool_calls !== false;
  const format = asRecord(body.response_format);
  if (format?.type === 'json_object') req.output = { kind: 'json', schema: undefined };
  if (format?.type === 'json_schema') {
    req.output = { kind: 'json', schema: asRecord(format.json_schema)?.schema };
  }
  return { ok: true, request: req };
}

function invalid(message: string, param: string | null): ParseResult {
  return { ok: false, failure: badRequest(message, param, param && 'missing_required_parameter') };
}

function readMessages(req: SimRequest, messages: unknown[]): void {
  const userTexts: string[] = [];
  const callNames = new Map<string, string>();
  // Ids of the latest assistant tool_calls not yet answered by a tool message.
  let open = new Set<string>();
  let results: SimToolResult[] = [];
  messages.forEach((raw, i) => {
    const msg = asRecord(raw);
    const role = msg?.role;
    if (msg === undefined || typeof role !== 'string') {
      defer(req, badRequest(`Invalid 'messages[${i}]': a role is required.`, `messages[${i}]`));
      return;
    }
    // Tool messages hold text only: a user message right after them with images is how a chat
    // client hands over the images a tool returned, and answered with the results.
    const answered = role === 'user' && req.lastTurn === 'tool' ? results : [];
    if (role !== 'tool') {
      if (open.size > 0) {
        const ids = [...open].join(', ');
        const message = `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${ids}`;
        defer(req, badRequest(message, `messages.[${i}].role`));
        open = new Set();
      }
      results = [];
    }
    if (role === 'user') {
      const { text, images } = readUserContent(req, msg.content, i);
      userTexts.push(text);
      const last = answered.at(-1);
      if (last !== undefined && images.length > 0) {
        last.images = [...(last.images ?? []), ...images];
        results = answered;
        return;
      }
      req.lastUserText = text;
      req.lastTurn = 'user';
    } else if (role === 'assistant') {
      req.inputChars += plainText(msg.content).length;
      open = readAssistantCalls(req, msg, callNames);
      req.lastTurn = 'assistant';
    } else if (role === 'tool') {
      const id = asString(msg.tool_call_id);
      if (id === undefined || !open.delete(id)) {
        const message = `Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls' (tool_call_id ${id ?? 'missing'}).`;
        defer(req, badRequest(message, `messages.[${i}].tool_call_id`));
      }
      const content = plainText(msg.content);
      req.inputChars += content.length;
      results.push({ name: (id && callNames.get(id)) ?? 'unknown', content });
      req.lastTurn = 'tool';
    } else if (role === 'system' || role === 'developer' || role === 'function') {
      req.inputChars += plainText(msg.content).length;
    } else {
      defer(
        req,
        badRequest(`Invalid value for 'messages[${i}].role': '${role}'.`, `messages[${i}].role`),
      );
    }
  });
  req.toolResults = req.lastTurn === 'tool' ? results : [];
  req.markerText = userTexts.join('\n');
}

function readUserContent(
  req: SimRequest,
  content: unknown,
  i: number,
): { text: string; images: SimImage[] } {
  if (typeof content === 'string') {
    req.inputChars += content.length;
    return { text: content, images: [] };
  }
  const texts: string[] = [];
  const images: SimImage[] = [];
  (asArray(content) ?? []).forEach((rawPart, j) => {
    const part = asRecord(rawPart);
    if (part?.type === 'text') {
      const text = asString(part.text) ?? '';
      req.inputChars += text.length;
      texts.push(text);
    } else if (part?.type === 'image_url') {
      req.imageCount += 1;
      const url = asString(asRecord(part.image_url)?.url);
      const problem = url === undefined ? 'image_url.url is required' : imageUrlProblem(url);
      if (problem !== null) {
        const param = `messages[${i}].content[${j}].image_url.url`;
        defer(req, badRequest(`Invalid image URL: ${problem}.`, param, 'invalid_image_url'));
      }
      images.push(simImageOfUrl(url ?? ''));
    }
  });
  return { text: texts.join('\n'), images };
}

function readAssistantCalls(
  req: SimRequest,
  msg: JsonRecord,
  callNames: Map<string, string>,
): Set<string> {
  const open = new Set<string>();
  for (const rawCall of asArray(msg.tool_calls) ?? []) {
    const call = asRecord(rawCall);
    const fn = asRecord(call?.function);
    const id = asString(call?.id);
    const name = asString(fn?.name) ?? 'unknown';
    req.inputChars += (asString(fn?.arguments) ?? '').length;
    if (id !== undefined) {
      open.add(id);
      callNames.set(id, name);
    }
  }
  return open;
}

/** Content that may be a string or an array of text parts. */
function plainText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = asArray(content) ?? [];
  return parts.map((p) => asString(asRecord(p)?.text) ?? '').join('\n');
}

function readTools(req: SimRequest, body: JsonRecord): void {
  for (const rawTool of asArray(body.tools) ?? []) {
    const fn = asRecord(asRecord(rawTool)?.function);
    const name = asString(fn?.name);
    if (fn === undefined) continue;
    if (name === undefined) {
      defer(req, badRequest("Missing required parameter: 'tools[].function.name'.", 'tools'));
      continue;
    }
    req.tools.push({ name, schema: fn.parameters });
  }
  req.toolChoice = readToolChoice(body.tool_choice);
  const choice = req.toolChoice;
  if (choice.kind === 'named' && !req.tools.some((t) => t.name === choice.name)) {
    const message = `Invalid 'tool_choice': function '${choice.name}' is not among the declared tools.`;
    defer(req, badRequest(message, 'tool_choice'));
  }
}

function readToolChoice(raw: unknown): SimToolChoice {
  if (raw === 'none' || raw === 'required') return { kind: raw };
  const choice = asRecord(raw);
  const named = asString(asRecord(choice?.function)?.name);
  if (named !== undefined) return { kind: 'named', name: named };
  if (choice?.type === 'allowed_tools') {
    const allowed = asRecord(choice.allowed_tools);
    const first = asRecord(asArray(allowed?.tools)?.[0]);
    const name = asString(asRecord(first?.function)?.name);
    if (name !== undefined) return { kind: 'named', name };
  }
  return { kind: 'auto' };
}
