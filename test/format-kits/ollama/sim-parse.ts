import { base64ByteCount, isStrictBase64 } from '../../upstream-sim/base64.ts';
import { badRequest, type SimFailure } from '../../upstream-sim/errors.ts';
import { asArray, asRecord, asString, isRecord } from '../../upstream-sim/json-guards.ts';
import type { JsonRecord } from '../../upstream-sim/json-guards.ts';
import { defer, emptyRequest } from '../../upstream-sim/sim-request.ts';
import type {
  ParseResult,
  SimImage,
  SimRequest,
  SimToolResult,
} from '../../upstream-sim/sim-request.ts';

/** Ollama's two generation endpoints. */
export type OllamaSimEndpoint = 'chat' | 'generate';

const REQUEST_TYPE: Readonly<Record<OllamaSimEndpoint, string>> = {
  chat: 'ChatRequest',
  generate: 'GenerateRequest',
};

/** The levels `think` may name besides true and false (Ollama's `ThinkValue`). */
const THINK_LEVELS: readonly string[] = ['high', 'medium', 'low', 'max'];

/**
 * Reads a `POST /api/chat` or `POST /api/generate` body with the Ollama server's own 400s: Go's
 * JSON decoding errors for a field of the wrong type (`json: cannot unmarshal …`), `model is
 * required`, an invalid `think`, images that are not base64. Fields Ollama does not know are
 * ignored, as Go's decoder ignores them. Ollama streams unless `stream` is false.
 */
export function parseOllamaRequest(body: unknown, endpoint: OllamaSimEndpoint): ParseResult {
  const type = REQUEST_TYPE[endpoint];
  // Go decodes `null` into a struct as nothing at all: the request then lacks its model.
  const record = body === null ? {} : body;
  if (!isRecord(record))
    return fail(`json: cannot unmarshal ${goKind(record)} into Go value of type api.${type}`);
  const typeProblem = wrongType(record, type, endpoint);
  if (typeProblem !== null) return { ok: false, failure: typeProblem };
  const model = asString(record.model) ?? '';
  if (model === '') return fail('model is required');
  const logprobs = record.top_logprobs;
  if (typeof logprobs === 'number' && (logprobs < 0 || logprobs > 20))
    return fail('top_logprobs must be between 0 and 20');
  const think = readThink(record.think);
  if (!think.ok) return think;
  const req = emptyRequest(model, record.stream !== false);
  if (endpoint === 'chat') {
    readMessages(req, asArray(record.messages) ?? []);
    readTools(req, record);
  } else readPrompt(req, record);
  readOptions(req, asRecord(record.options));
  readFormat(req, record.format);
  req.includeThoughts = think.value === true || typeof think.value === 'string';
  return { ok: true, request: req };
}

const fail = (message: string): ParseResult => ({ ok: false, failure: badRequest(message, null) });

/** The JSON kind Go names in its decoding errors. */
function goKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}

const unmarshal = (value: unknown, field: string, goType: string): SimFailure =>
  badRequest(
    `json: cannot unmarshal ${goKind(value)} into Go struct field ${field} of type ${goType}`,
    null,
  );

/** The first top-level field whose JSON type Go cannot decode into the request's field. */
function wrongType(body: JsonRecord, type: string, endpoint: OllamaSimEndpoint): SimFailure | null {
  const expect: [string, (v: unknown) => boolean, string][] = [
    ['model', (v) => typeof v === 'string', 'string'],
    ['stream', (v) => typeof v === 'boolean', 'bool'],
    ['options', isRecord, 'map[string]interface {}'],
    ['top_logprobs', (v) => typeof v === 'number', 'int'],
  ];
  if (endpoint === 'chat')
    expect.push(
      ['messages', Array.isArray, '[]api.Message'],
      ['tools', Array.isArray, 'api.Tools'],
    );
  else
    expect.push(
      ['prompt', (v) => typeof v === 'string', 'string'],
      ['system', (v) => typeof v === 'string', 'string'],
      ['images', Array.isArray, '[]api.ImageData'],
    );
  for (const [field, ok, goType] of expect) {
    const value = body[field];
    if (value !== undefined && value !== null && !ok(value))
      return unmarshal(value, `${type}.${field}`, goType);
  }
  return null;
}

type ThinkRead = { ok: true; value: boolean | string | null } | { ok: false; failure: SimFailure };

/** `think`: a boolean, a level, or absent; anything else is the server's own 400. */
function readThink(value: unknown): ThinkRead {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value === 'boolean') return { ok: true, value };
  if (typeof value === 'string' && THINK_LEVELS.includes(value)) return { ok: true, value };
  const message =
    typeof value === 'string'
      ? `invalid think value: "${value}" (must be "high", "medium", "low", "max", true, or false)`
      : 'think must be a boolean or string ("high", "medium", "low", "max", true, or false)';
  return { ok: false, failure: badRequest(message, null) };
}

function readMessages(req: SimRequest, messages: unknown[]): void {
  const userTexts: string[] = [];
  /** The calls of the latest assistant message, in order, with the ids Ollama gave them. */
  let calls: { id: string | undefined; name: string }[] = [];
  let results: SimToolResult[] = [];
  for (const raw of messages) {
    const where = `ChatRequest.messages`;
    const msg = asRecord(raw);
    if (msg === undefined) {
      defer(req, unmarshal(raw, where, 'api.Message'));
      continue;
    }
    for (const [field, goType] of [
      ['role', 'string'],
      ['content', 'string'],
      ['thinking', 'string'],
      ['tool_name', 'string'],
      ['tool_call_id', 'string'],
    ] as const) {
      const value = msg[field];
      if (value !== undefined && value !== null && typeof value !== 'string')
        defer(req, unmarshal(value, `${where}.${field}`, goType));
    }
    const role = (asString(msg.role) ?? '').toLowerCase();
    const content = asString(msg.content) ?? '';
    const images = readImages(req, msg.images, `${where}.images`);
    req.inputChars += content.length + (asString(msg.thinking) ?? '').length;
    if (role !== 'tool') results = [];
    if (role === 'user') {
      userTexts.push(content);
      req.lastUserText = content;
      req.lastTurn = 'user';
    } else if (role === 'assistant') {
      calls = readCalls(req, msg.tool_calls);
      req.lastTurn = 'assistant';
    } else if (role === 'tool') {
      // Ollama links a result to its call by `tool_name`, or by the call's id; older clients
      // send neither, and the results answer the calls in order.
      const byId = calls.find((call) => call.id !== undefined && call.id === msg.tool_call_id);
      const name = asString(msg.tool_name) ?? byId?.name ?? calls[results.length]?.name;
      results.push({ name: name ?? 'unknown', content, images });
      req.lastTurn = 'tool';
    }
    // A system message (or a role the model's template knows otherwise) is context only.
  }
  req.toolResults = req.lastTurn === 'tool' ? results : [];
  req.markerText = userTexts.join('\n');
}

/** An assistant message's calls: each `{id?, function: {index?, name, arguments: {…}}}`. */
function readCalls(req: SimRequest, raw: unknown): { id: string | undefined; name: string }[] {
  return (asArray(raw) ?? []).map((rawCall) => {
    const call = asRecord(rawCall) ?? {};
    const fn = asRecord(call.function) ?? {};
    const args = fn.arguments;
    if (args !== undefined && args !== null && !isRecord(args))
      defer(
        req,
        unmarshal(
          args,
          `ChatRequest.messages.tool_calls.function.arguments`,
          'api.ToolCallFunctionArguments',
        ),
      );
    const name = asString(fn.name) ?? 'unknown';
    req.inputChars += name.length + JSON.stringify(args ?? {}).length;
    return { id: asString(call.id), name };
  });
}

/** A generate body: its prompt is the user turn, `system` and `images` beside it. */
function readPrompt(req: SimRequest, body: JsonRecord): void {
  const prompt = asString(body.prompt) ?? '';
  req.inputChars += prompt.length + (asString(body.system) ?? '').length;
  readImages(req, body.images, 'GenerateRequest.images');
  req.lastUserText = prompt;
  req.markerText = prompt;
  req.lastTurn = 'user';
}

/**
 * `images`: base64 strings, which Go decodes into bytes (so a `data:` prefix or another
 * alphabet is its 400). The type is read from the bytes, as Ollama does.
 */
function readImages(req: SimRequest, raw: unknown, where: string): SimImage[] {
  const images: SimImage[] = [];
  for (const entry of asArray(raw) ?? []) {
    if (typeof entry !== 'string') {
      defer(req, unmarshal(entry, where, 'api.ImageData'));
      continue;
    }
    if (!isStrictBase64(entry)) {
      defer(req, badRequest(`illegal base64 data at input byte ${badByte(entry)}`, null));
      continue;
    }
    req.imageCount += 1;
    images.push({ kind: 'inline', mimeType: mimeOf(entry), bytes: base64ByteCount(entry) });
  }
  return images;
}

/** Where Go's base64 decoder stops: the first character outside the standard alphabet. */
function badByte(text: string): number {
  const at = text.search(/[^A-Za-z0-9+/=]/);
  return at < 0 ? Math.max(0, text.length - 1) : at;
}

/** The image type by its first bytes (their base64 prefix), as Ollama sniffs it. */
function mimeOf(base64: string): string {
  if (base64.startsWith('iVBORw0KGgo')) return 'image/png';
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  if (base64.startsWith('UklGR')) return 'image/webp';
  return 'application/octet-stream';
}

/** Chat's `tools`: function tools; Ollama has no tool choice, so the model always chooses. */
function readTools(req: SimRequest, body: JsonRecord): void {
  for (const rawTool of asArray(body.tools) ?? []) {
    const fn = asRecord(asRecord(rawTool)?.function);
    const name = asString(fn?.name);
    if (fn === undefined || name === undefined) continue;
    req.tools.push({ name, schema: fn.parameters });
  }
}

/** `options`: the cap (`num_predict`, -1 and -2 meaning none) and `stop`; the rest is sampling. */
function readOptions(req: SimRequest, options: JsonRecord | undefined): void {
  if (options === undefined) return;
  const cap = options.num_predict;
  if (typeof cap === 'number' && cap >= 0) req.maxOutputTokens = cap;
  const stop = options.stop;
  if (typeof stop === 'string') req.stopSequences = [stop];
  else req.stopSequences = (asArray(stop) ?? []).filter((s): s is string => typeof s === 'string');
}

/** `format`: `"json"` (any JSON object) or a JSON Schema; another string is refused. */
function readFormat(req: SimRequest, format: unknown): void {
  if (format === undefined || format === null || format === '') return;
  if (format === 'json') req.output = { kind: 'json', schema: undefined };
  else if (isRecord(format)) req.output = { kind: 'json', schema: format };
  else
    defer(
      req,
      badRequest(
        `invalid format: ${JSON.stringify(JSON.stringify(format))}; expected "json" or a valid JSON Schema object`,
        null,
      ),
    );
}
