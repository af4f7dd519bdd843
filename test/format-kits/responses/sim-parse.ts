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

import type { StoredCalls } from '../../upstream-sim/response-store.ts';

/** Reads a `POST /v1/responses` body. */
export function parseResponsesRequest(
  body: unknown,
  storedCalls: (responseId: string) => StoredCalls | undefined,
): ParseResult {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.', null);
  const model = asString(body.model);
  if (model === undefined) return invalid("Missing required parameter: 'model'.", 'model');
  const input = body.input;
  if (typeof input !== 'string' && !Array.isArray(input)) {
    return invalid("Missing required parameter: 'input' (a string or an array of items).", 'input');
  }
  const req = emptyRequest(model, body.stream === true);
  req.inputChars += (asString(body.instructions) ?? '').length;
  const callNames = new Map<string, string>();
  const previousId = asString(body.previous_response_id);
  if (previousId !== undefined) {
    const previous = storedCalls(previousId);
    if (previous === undefined) {
      const message = `Previous response with id '${previousId}' not found.`;
      defer(req, badRequest(message, 'previous_response_id', 'previous_response_not_found'));
    }
    for (const [id, name] of previous ?? []) callNames.set(id, name);
  }
  if (typeof input === 'string') {
    req.inputChars += input.length;
    req.lastUserText = input;
    req.markerText = input;
  } else {
    readItems(req, input, callNames);
  }
  readTools(req, body);
  readLimits(req, body);
  return { ok: true, request: req };
}

function invalid(message: string, param: string | null): ParseResult {
  return { ok: false, failure: badRequest(message, param, param && 'missing_required_parameter') };
}

function readItems(req: SimRequest, items: unknown[], callNames: Map<string, string>): void {
  const userTexts: string[] = [];
  let results: SimToolResult[] = [];
  items.forEach((raw, i) => {
    const item = asRecord(raw);
    if (item === undefined) return;
    const type = item.type;
    if (type !== 'function_call_output') results = [];
    if (type === 'function_call') {
      const callId = asString(item.call_id);
      const name = asString(item.name) ?? 'unknown';
      if (callId === undefined) {
        defer(req, badRequest(`Missing required parameter: 'input[${i}].call_id'.`, `input[${i}]`));
      } else {
        callNames.set(callId, name);
      }
      req.inputChars += (asString(item.arguments) ?? '').length;
      req.lastTurn = 'assistant';
    } else if (type === 'function_call_output') {
      const callId = asString(item.call_id) ?? '';
      const name = callNames.get(callId);
      if (name === undefined) {
        const message = `No tool call found for function call output with call_id ${callId}.`;
        defer(req, badRequest(message, 'input'));
      }
      const { text: content, images } = readOutput(req, item.output, i);
      req.inputChars += content.length;
      results.push({ name: name ?? 'unknown', content, images });
      req.lastTurn = 'tool';
    } else if (type === 'message' || (type === undefined && typeof item.role === 'string')) {
      readMessage(req, item, i, userTexts);
    }
  });
  req.toolResults = req.lastTurn === 'tool' ? results : [];
  req.markerText = userTexts.join('\n');
}

function readMessage(req: SimRequest, item: JsonRecord, i: number, userTexts: string[]): void {
  const role = item.role;
  const content = item.content;
  const texts: string[] = [];
  if (typeof content === 'string') texts.push(content);
  (asArray(content) ?? []).forEach((rawPart, j) => {
    const part = asRecord(rawPart);
    const text = asString(part?.text);
    if (text !== undefined) texts.push(text);
    if (part?.type === 'input_image') {
      req.imageCount += 1;
      const url = asString(part.image_url);
      const problem =
        url !== undefined
          ? imageUrlProblem(url)
          : typeof part.file_id === 'string'
            ? null
            : 'image_url or file_id is required';
      if (problem !== null) {
        const param = `input[${i}].content[${j}].image_url`;
        defer(req, badRequest(`Invalid image URL: ${problem}.`, param, 'invalid_image_url'));
      }
    }
  });
  const text = texts.join('\n');
  req.inputChars += text.length;
  if (role === 'user') {
    userTexts.push(text);
    req.lastUserText = text;
    req.lastTurn = 'user';
  } else if (role === 'assistant') {
    req.lastTurn = 'assistant';
  }
}

/** `function_call_output.output` is a string or a list of input parts, text and images. */
function readOutput(
  req: SimRequest,
  output: unknown,
  i: number,
): { text: string; images: SimImage[] } {
  if (typeof output === 'string') return { text: output, images: [] };
  const texts: string[] = [];
  const images: SimImage[] = [];
  (asArray(output) ?? []).forEach((rawPart, j) => {
    const part = asRecord(rawPart);
    if (part?.type !== 'input_image') {
      texts.push(asString(part?.text) ?? '');
      return;
    }
    req.imageCount += 1;
    const url = asString(part.image_url);
    const problem =
      url !== undefined
        ? imageUrlProblem(url)
        : typeof part.file_id === 'string'
          ? null
          : 'image_url or file_id is required';
    if (problem !== null) {
      const param = `input[${i}].output[${j}].image_url`;
      defer(req, badRequest(`Invalid image URL: ${problem}.`, param, 'invalid_image_url'));
    }
    images.push(
      url === undefined
        ? { kind: 'url', url: `file ${asString(part.file_id)}` }
        : simImageOfUrl(url),
    );
  });
  return { text: texts.join('\n'), images };
}

function readTools(req: SimRequest, body: JsonRecord): void {
  // Hosted tools (web_search, ...) are accepted and never called: only function tools are.
  for (const rawTool of asArray(body.tools) ?? []) {
    const tool = asRecord(rawTool);
    if (tool?.type !== 'function') continue;
    const name = asString(tool.name);
    if (name === undefined) {
      defer(req, badRequest("Missing required parameter: 'tools[].name'.", 'tools'));
      continue;
    }
    req.tools.push({ name, schema: tool.parameters });
  }
  req.toolChoice = readToolChoice(body.tool_choice);
  const choice = req.toolChoice;
  if (choice.kind === 'named' && !req.tools.some((t) => t.name === choice.name)) {
    const message = `Invalid 'tool_choice': function '${choice.name}' is not among the declared tools.`;
    defer(req, badRequest(message, 'tool_choice'));
  }
  req.parallelToolCalls = body.parallel_tool_calls !== false;
}

function readToolChoice(raw: unknown): SimToolChoice {
  if (raw === 'none' || raw === 'required') return { kind: raw };
  const choice = asRecord(raw);
  if (choice?.type === 'function') {
    const name = asString(choice.name);
    if (name !== undefined) return { kind: 'named', name };
  }
  if (choice?.type === 'allowed_tools') {
    const name = asString(asRecord(asArray(choice.tools)?.[0])?.name);
    if (name !== undefined) return { kind: 'named', name };
  }
  return { kind: 'auto' };
}

function readLimits(req: SimRequest, body: JsonRecord): void {
  const max = asNumber(body.max_output_tokens);
  if (max !== undefined && max < 16) {
    const message = `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got ${max} instead.`;
    defer(req, badRequest(message, 'max_output_tokens', 'integer_below_min_value'));
  }
  req.maxOutputTokens = max ?? null;
  const format = asRecord(asRecord(body.text)?.format);
  if (format?.type === 'json_object') req.output = { kind: 'json', schema: undefined };
  if (format?.type === 'json_schema') req.output = { kind: 'json', schema: format.schema };
}
