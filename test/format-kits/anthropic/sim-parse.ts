import { base64ByteCount, isStrictBase64 } from '../../upstream-sim/base64.ts';
import { badRequest } from '../../upstream-sim/errors.ts';
import type { SimFailure } from '../../upstream-sim/errors.ts';
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
import {
  isSimThinkingData,
  isValidThinkingSignature,
} from '../../upstream-sim/thought-signature.ts';

export interface AnthropicParseOptions {
  /** `POST /v1/messages/count_tokens`: no `max_tokens`, and no thinking budget to check. */
  countTokens: boolean;
}

const IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);
const THINKING_TYPES: ReadonlySet<string> = new Set([
  'enabled',
  'disabled',
  'adaptive',
  'between_tools',
]);
const THINKING_DOCS = 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking';

/**
 * Reads a `POST /v1/messages` body (or a count_tokens one) in the shape of @anthropic-ai/sdk
 * 1.13's `MessageCreateParams`. The wording of the 400s follows the real API's.
 */
export function parseAnthropicRequest(body: unknown, opts: AnthropicParseOptions): ParseResult {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.');
  const model = asString(body.model);
  if (model === undefined) return invalid('model: Field required');
  if (body.messages === undefined) return invalid('messages: Field required');
  const messages = asArray(body.messages);
  if (messages === undefined) return invalid('messages: Input should be a valid list');
  if (messages.length === 0) return invalid('messages: at least one message is required');
  const req = emptyRequest(model, !opts.countTokens && body.stream === true);
  if (!opts.countTokens) {
    if (body.max_tokens === undefined) return invalid('max_tokens: Field required');
    const max = asNumber(body.max_tokens);
    if (max === undefined || !Number.isInteger(max)) {
      return invalid('max_tokens: Input should be a valid integer');
    }
    if (max < 1) return invalid('max_tokens: Input should be greater than or equal to 1');
    req.maxOutputTokens = max;
  }
  readSystem(req, body.system);
  readThinking(req, body, opts);
  readMessages(req, messages);
  readTools(req, body);
  readOutput(req, body);
  return { ok: true, request: req };
}

function invalid(message: string): ParseResult {
  return { ok: false, failure: badRequest(message, null) };
}

function readSystem(req: SimRequest, system: unknown): void {
  req.inputChars += blockText(system).length;
}

/** A string, or text blocks joined (other blocks carry no text the sim reads). */
function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = asArray(content) ?? [];
  return parts.map((p) => asString(asRecord(p)?.text) ?? '').join('\n');
}

function readThinking(req: SimRequest, body: JsonRecord, opts: AnthropicParseOptions): void {
  const thinking = asRecord(body.thinking);
  if (thinking === undefined) return;
  const type = asString(thinking.type) ?? '';
  if (!THINKING_TYPES.has(type)) {
    const expected = [...THINKING_TYPES].map((t) => `'${t}'`).join(', ');
    const message = `thinking: Input tag '${type}' found using 'type' does not match any of the expected tags: ${expected}`;
    defer(req, badRequest(message, null));
    return;
  }
  req.includeThoughts = type !== 'disabled';
  if (type !== 'enabled' || opts.countTokens) return;
  const budget = asNumber(thinking.budget_tokens);
  if (budget === undefined || budget < 1024) {
    const message =
      budget === undefined
        ? 'thinking.enabled.budget_tokens: Field required'
        : 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
    defer(req, badRequest(message, null));
  } else if (req.maxOutputTokens !== null && budget >= req.maxOutputTokens) {
    const message = `\`max_tokens\` must be greater than \`thinking.budget_tokens\`. Please consult our documentation at ${THINKING_DOCS}#max-tokens-and-context-window-size`;
    defer(req, badRequest(message, null));
  }
}

/** The last assistant message, for the rule on thinking in a tool loop. */
interface AssistantTurn {
  index: number;
  firstType: string;
  hasToolUse: boolean;
}

function readMessages(req: SimRequest, messages: unknown[]): void {
  const userTexts: string[] = [];
  const callNames = new Map<string, string>();
  // tool_use ids of the latest assistant message not yet answered by a tool_result.
  let pending = new Map<string, string>();
  let pendingAt = -1;
  let lastAssistant: AssistantTurn | null = null;
  let results: SimToolResult[] = [];
  messages.forEach((raw, i) => {
    const msg = asRecord(raw);
    const role = msg?.role;
    if (msg === undefined || typeof role !== 'string') {
      defer(req, badRequest(`messages.${i}.role: Field required`, null));
      return;
    }
    if (role === 'system') {
      // The 1.13 API's mid-conversation system messages: read, but nobody's turn.
      req.inputChars += blockText(msg.content).length;
      return;
    }
    if (pending.size > 0 && role !== 'user') reportUnanswered(req, pending, pendingAt);
    if (role === 'user') {
      results = [];
      const texts = readUserContent(req, msg.content, i, pending, results);
      if (pending.size > 0) reportUnanswered(req, pending, pendingAt);
      pending = new Map();
      if (texts.length > 0) {
        const text = texts.join('\n');
        userTexts.push(text);
        req.lastUserText = text;
      }
      req.lastTurn = results.length > 0 ? 'tool' : 'user';
    } else if (role === 'assistant') {
      results = [];
      pending = new Map();
      pendingAt = i;
      lastAssistant = readAssistantContent(req, msg.content, i, pending, callNames);
      req.lastTurn = 'assistant';
    } else {
      const message = `messages.${i}.role: Input should be 'user', 'assistant' or 'system'`;
      defer(req, badRequest(message, null));
    }
  });
  req.toolResults = req.lastTurn === 'tool' ? results : [];
  req.markerText = userTexts.join('\n');
  checkThinkingInToolLoop(req, lastAssistant);
}

function reportUnanswered(req: SimRequest, pending: Map<string, string>, at: number): void {
  const ids = [...pending.keys()].join(', ');
  const message = `messages.${at}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  defer(req, badRequest(message, null));
  pending.clear();
}

function readUserContent(
  req: SimRequest,
  content: unknown,
  i: number,
  pending: Map<string, string>,
  results: SimToolResult[],
): string[] {
  if (typeof content === 'string') {
    req.inputChars += content.length;
    return [content];
  }
  const texts: string[] = [];
  (asArray(content) ?? []).forEach((rawBlock, j) => {
    const block = asRecord(rawBlock) ?? {};
    const where = `messages.${i}.content.${j}`;
    if (block.type === 'text') {
      const text = asString(block.text) ?? '';
      req.inputChars += text.length;
      texts.push(text);
    } else if (block.type === 'image') {
      readImage(req, block, where);
    } else if (block.type === 'tool_result') {
      const id = asString(block.tool_use_id) ?? '';
      const name = pending.get(id);
      if (name === undefined) {
        const message = `${where}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
        defer(req, badRequest(message, null));
      }
      pending.delete(id);
      const { text, images } = toolResultContent(req, block.content, where);
      req.inputChars += text.length;
      results.push({ name: name ?? 'unknown', content: text, images });
    }
  });
  return texts;
}

/** `tool_result.content`: a string, or text and image blocks. */
function toolResultContent(
  req: SimRequest,
  content: unknown,
  where: string,
): { text: string; images: SimImage[] } {
  if (typeof content === 'string') return { text: content, images: [] };
  const texts: string[] = [];
  const images: SimImage[] = [];
  (asArray(content) ?? []).forEach((rawBlock, k) => {
    const block = asRecord(rawBlock) ?? {};
    if (block.type === 'text') texts.push(asString(block.text) ?? '');
    if (block.type === 'image') images.push(readImage(req, block, `${where}.content.${k}`));
  });
  return { text: texts.join('\n'), images };
}

function readImage(req: SimRequest, block: JsonRecord, where: string): SimImage {
  req.imageCount += 1;
  const source = asRecord(block.source);
  const problem = imageProblem(source);
  if (problem !== null) defer(req, badRequest(`${where}.image.source: ${problem}`, null));
  if (source?.type === 'url') return { kind: 'url', url: asString(source.url) ?? '' };
  const data = asString(source?.data) ?? '';
  return {
    kind: 'inline',
    mimeType: asString(source?.media_type) ?? '',
    bytes: base64ByteCount(data),
  };
}

function imageProblem(source: JsonRecord | undefined): string | null {
  if (source === undefined) return 'Field required';
  if (source.type === 'base64') {
    const mime = asString(source.media_type) ?? '';
    if (!IMAGE_TYPES.has(mime)) {
      return `media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
    }
    return isStrictBase64(asString(source.data) ?? '')
      ? null
      : 'The image data is not valid base64.';
  }
  if (source.type === 'url') {
    const url = asString(source.url) ?? '';
    return /^https?:\/\//.test(url) ? null : 'url: the URL must use http or https.';
  }
  if (source.type === 'file')
    return typeof source.file_id === 'string' ? null : 'file_id: Field required';
  return `Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64', 'url', 'file'`;
}

function readAssistantContent(
  req: SimRequest,
  content: unknown,
  i: number,
  pending: Map<string, string>,
  callNames: Map<string, string>,
): AssistantTurn {
  if (typeof content === 'string') {
    req.inputChars += content.length;
    return { index: i, firstType: 'text', hasToolUse: false };
  }
  const blocks = (asArray(content) ?? []).map((b) => asRecord(b) ?? {});
  let hasToolUse = false;
  blocks.forEach((block, j) => {
    const where = `messages.${i}.content.${j}`;
    if (block.type === 'text') {
      req.inputChars += (asString(block.text) ?? '').length;
    } else if (block.type === 'tool_use') {
      const id = asString(block.id);
      const name = asString(block.name) ?? 'unknown';
      if (id === undefined) defer(req, badRequest(`${where}.tool_use.id: Field required`, null));
      else {
        pending.set(id, name);
        callNames.set(id, name);
      }
      req.inputChars += JSON.stringify(block.input ?? {}).length;
      hasToolUse = true;
    } else if (block.type === 'thinking') {
      checkThinkingBlock(req, block, where);
    } else if (block.type === 'redacted_thinking') {
      const data = asString(block.data);
      if (data === undefined || !isSimThinkingData(data)) {
        thinkingFailure(
          req,
          badRequest(`${where}: Invalid \`data\` in \`redacted_thinking\` block`, null),
        );
      }
    }
  });
  return { index: i, firstType: asString(blocks[0]?.type) ?? 'text', hasToolUse };
}

function checkThinkingBlock(req: SimRequest, block: JsonRecord, where: string): void {
  const signature = asString(block.signature);
  const thinking = asString(block.thinking) ?? '';
  if (signature === undefined) {
    thinkingFailure(req, badRequest(`${where}.thinking.signature: Field required`, null));
  } else if (!isValidThinkingSignature(signature, thinking)) {
    thinkingFailure(req, badRequest(`${where}: Invalid \`signature\` in \`thinking\` block`, null));
  }
}

function thinkingFailure(req: SimRequest, failure: SimFailure): void {
  req.badReasoningState ??= failure;
}

/**
 * With thinking on, the assistant turn whose tool calls the last user turn answers must
 * start with its thinking block: a gateway that dropped it gets the API's 400.
 */
function checkThinkingInToolLoop(req: SimRequest, last: AssistantTurn | null): void {
  if (!req.includeThoughts || req.lastTurn !== 'tool' || last === null || !last.hasToolUse) return;
  if (last.firstType === 'thinking' || last.firstType === 'redacted_thinking') return;
  const message = `messages.${last.index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${last.firstType}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at ${THINKING_DOCS}`;
  thinkingFailure(req, badRequest(message, null));
}

function readTools(req: SimRequest, body: JsonRecord): void {
  (asArray(body.tools) ?? []).forEach((rawTool, k) => {
    const tool = asRecord(rawTool) ?? {};
    const name = asString(tool.name);
    if (name === undefined) {
      defer(req, badRequest(`tools.${k}.name: Field required`, null));
      return;
    }
    // Server tools (web_search_..., bash_..., text_editor_...) are accepted and never called.
    if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') return;
    if (!isRecord(tool.input_schema)) {
      defer(req, badRequest(`tools.${k}.custom.input_schema: Field required`, null));
      return;
    }
    req.tools.push({ name, schema: tool.input_schema });
  });
  const choice = asRecord(body.tool_choice);
  req.toolChoice = readToolChoice(choice);
  req.parallelToolCalls = choice?.disable_parallel_tool_use !== true;
  const named = req.toolChoice;
  if (named.kind === 'named' && !req.tools.some((t) => t.name === named.name)) {
    const message = `tool_choice.name: Tool '${named.name}' not found in the provided tools`;
    defer(req, badRequest(message, null));
  }
}

function readToolChoice(choice: JsonRecord | undefined): SimToolChoice {
  if (choice?.type === 'none') return { kind: 'none' };
  if (choice?.type === 'any') return { kind: 'required' };
  if (choice?.type === 'tool') {
    const name = asString(choice.name);
    if (name !== undefined) return { kind: 'named', name };
  }
  return { kind: 'auto' };
}

function readOutput(req: SimRequest, body: JsonRecord): void {
  req.stopSequences = (asArray(body.stop_sequences) ?? []).filter(
    (s): s is string => typeof s === 'string',
  );
  // `output_config.format`, or the beta's deprecated top-level `output_format`.
  const format = asRecord(asRecord(body.output_config)?.format) ?? asRecord(body.output_format);
  if (format?.type === 'json_schema') req.output = { kind: 'json', schema: format.schema };
}
