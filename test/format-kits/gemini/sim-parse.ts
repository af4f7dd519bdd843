import { base64ByteCount, isProtoBase64 } from '../../upstream-sim/base64.ts';
import { badRequest } from '../../upstream-sim/errors.ts';
import type { SimFailure } from '../../upstream-sim/errors.ts';
import {
  asArray,
  asNumber,
  asRecord,
  asString,
  field,
  isRecord,
} from '../../upstream-sim/json-guards.ts';
import type { JsonRecord } from '../../upstream-sim/json-guards.ts';
import { defer, emptyRequest } from '../../upstream-sim/sim-request.ts';
import type {
  ParseResult,
  SimImage,
  SimRequest,
  SimToolChoice,
  SimToolResult,
} from '../../upstream-sim/sim-request.ts';
import { isAcceptedSignature } from '../../upstream-sim/thought-signature.ts';

/** Reads a native generateContent body; the model comes from the path. */
export function parseGeminiRequest(body: unknown, model: string, stream: boolean): ParseResult {
  if (!isRecord(body)) return invalid('Invalid JSON payload: the body must be an object.');
  const contents = asArray(body.contents);
  if (contents === undefined || contents.length === 0) {
    return invalid('* GenerateContentRequest.contents: contents is not specified');
  }
  const req = emptyRequest(model, stream);
  const system = asRecord(field(body, 'systemInstruction', 'system_instruction'));
  for (const part of asArray(system?.parts) ?? []) {
    req.inputChars += (asString(asRecord(part)?.text) ?? '').length;
  }
  readContents(req, contents);
  readTools(req, body);
  readGenerationConfig(req, asRecord(field(body, 'generationConfig', 'generation_config')));
  return { ok: true, request: req };
}

function invalid(message: string): ParseResult {
  return { ok: false, failure: badRequest(message, 'contents') };
}

function readContents(req: SimRequest, contents: unknown[]): void {
  const userTexts: string[] = [];
  let results: SimToolResult[] = [];
  contents.forEach((raw, i) => {
    const content = asRecord(raw);
    const parts = asArray(content?.parts);
    if (content === undefined || parts === undefined) {
      const message = `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`;
      defer(req, badRequest(message, `contents[${i}]`));
      return;
    }
    if (content.role === 'model') {
      readModelParts(req, parts, i);
      req.lastTurn = 'assistant';
      results = [];
      return;
    }
    const texts: string[] = [];
    results = [];
    parts.forEach((rawPart, j) => {
      const part = asRecord(rawPart) ?? {};
      readUserPart(req, part, `contents[${i}].parts[${j}]`, texts, results);
    });
    if (texts.length > 0) {
      const text = texts.join('\n');
      userTexts.push(text);
      req.lastUserText = text;
    }
    req.lastTurn = results.length > 0 ? 'tool' : 'user';
  });
  req.toolResults = req.lastTurn === 'tool' ? results : [];
  req.markerText = userTexts.join('\n');
}

function readUserPart(
  req: SimRequest,
  part: JsonRecord,
  where: string,
  texts: string[],
  results: SimToolResult[],
): void {
  const text = asString(part.text);
  if (text !== undefined) {
    req.inputChars += text.length;
    if (part.thought !== true) texts.push(text);
    return;
  }
  const inline = asRecord(field(part, 'inlineData', 'inline_data'));
  if (inline !== undefined) {
    const mime = asString(field(inline, 'mimeType', 'mime_type'));
    const data = asString(inline.data);
    if (mime === undefined || data === undefined || !isProtoBase64(data)) {
      const message = `Invalid value at '${where}.inline_data' : mimeType and base64 data are required.`;
      defer(req, badRequest(message, where));
    }
    if (mime?.startsWith('image/')) req.imageCount += 1;
    return;
  }
  const file = asRecord(field(part, 'fileData', 'file_data'));
  if (file !== undefined) {
    const mime = asString(field(file, 'mimeType', 'mime_type'));
    if (mime === undefined || mime.startsWith('image/')) req.imageCount += 1;
    return;
  }
  const response = asRecord(field(part, 'functionResponse', 'function_response'));
  if (response !== undefined) {
    const name = asString(response.name);
    if (name === undefined || name === '') {
      defer(req, badRequest(`* ${where}.function_response.name: Name cannot be empty.`, where));
    }
    const content = JSON.stringify(response.response ?? {});
    req.inputChars += content.length;
    const images = responseImages(req, response, `${where}.function_response`);
    results.push({ name: name ?? 'unknown', content, images });
  }
}

/** A multimodal function response's `parts` (Gemini 3): inline images and file references. */
function responseImages(req: SimRequest, response: JsonRecord, where: string): SimImage[] {
  const images: SimImage[] = [];
  (asArray(response.parts) ?? []).forEach((rawPart, k) => {
    const part = asRecord(rawPart) ?? {};
    const inline = asRecord(field(part, 'inlineData', 'inline_data'));
    const file = asRecord(field(part, 'fileData', 'file_data'));
    if (inline !== undefined) {
      const mime = asString(field(inline, 'mimeType', 'mime_type'));
      const data = asString(inline.data);
      if (mime === undefined || data === undefined || !isProtoBase64(data)) {
        const message = `Invalid value at '${where}.parts[${k}].inline_data' : mimeType and base64 data are required.`;
        defer(req, badRequest(message, where));
      }
      if (mime?.startsWith('image/')) req.imageCount += 1;
      images.push({ kind: 'inline', mimeType: mime ?? '', bytes: base64ByteCount(data ?? '') });
    } else if (file !== undefined) {
      req.imageCount += 1;
      images.push({ kind: 'url', url: asString(field(file, 'fileUri', 'file_uri')) ?? '' });
    } else {
      const message = `Invalid value at '${where}.parts[${k}]' : inline_data or file_data is required.`;
      defer(req, badRequest(message, where));
    }
  });
  return images;
}

function readModelParts(req: SimRequest, parts: unknown[], position: number): void {
  let firstCall = true;
  for (const rawPart of parts) {
    const part = asRecord(rawPart) ?? {};
    req.inputChars += (asString(part.text) ?? '').length;
    const call = asRecord(field(part, 'functionCall', 'function_call'));
    if (call === undefined) continue;
    const name = asString(call.name) ?? 'unknown';
    req.inputChars += JSON.stringify(call.args ?? {}).length;
    // Gemini 3 signs only the first functionCall part of a step (parallel calls included).
    if (firstCall && req.badReasoningState === null) {
      const signature = asString(field(part, 'thoughtSignature', 'thought_signature'));
      if (signature === undefined || !isAcceptedSignature(signature)) {
        req.badReasoningState = signatureFailure(name, position, signature === undefined);
      }
    }
    firstCall = false;
  }
}

function readTools(req: SimRequest, body: JsonRecord): void {
  for (const rawTool of asArray(body.tools) ?? []) {
    const tool = asRecord(rawTool) ?? {};
    const decls = asArray(field(tool, 'functionDeclarations', 'function_declarations')) ?? [];
    for (const rawDecl of decls) {
      const decl = asRecord(rawDecl) ?? {};
      const name = asString(decl.name);
      if (name === undefined) {
        defer(req, badRequest('* functionDeclarations[].name: Name cannot be empty.', 'tools'));
        continue;
      }
      const schema =
        decl.parameters ?? field(decl, 'parametersJsonSchema', 'parameters_json_schema');
      req.tools.push({ name, schema });
    }
  }
  const toolConfig = asRecord(field(body, 'toolConfig', 'tool_config'));
  const calling = asRecord(
    field(toolConfig ?? {}, 'functionCallingConfig', 'function_calling_config'),
  );
  req.toolChoice = readMode(calling);
}

function readMode(calling: JsonRecord | undefined): SimToolChoice {
  const mode = asString(calling?.mode);
  if (mode === 'NONE') return { kind: 'none' };
  if (mode === 'ANY') {
    const allowed = asArray(field(calling ?? {}, 'allowedFunctionNames', 'allowed_function_names'));
    const name = asString(allowed?.[0]);
    return name === undefined ? { kind: 'required' } : { kind: 'named', name };
  }
  return { kind: 'auto' };
}

function readGenerationConfig(req: SimRequest, config: JsonRecord | undefined): void {
  if (config === undefined) return;
  req.maxOutputTokens = asNumber(field(config, 'maxOutputTokens', 'max_output_tokens')) ?? null;
  if (field(config, 'responseMimeType', 'response_mime_type') === 'application/json') {
    const schema =
      field(config, 'responseJsonSchema', 'response_json_schema') ??
      field(config, 'responseSchema', 'response_schema');
    req.output = { kind: 'json', schema };
  }
  const thinking = asRecord(field(config, 'thinkingConfig', 'thinking_config'));
  req.includeThoughts = field(thinking ?? {}, 'includeThoughts', 'include_thoughts') === true;
}

/** Google's 400 for a functionCall part whose thoughtSignature is missing or not its own. */
function signatureFailure(name: string, position: number, missing: boolean): SimFailure {
  const message = missing
    ? `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${position + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`
    : `Corrupted thought signature in functionCall part \`${name}\` at position ${position + 1}.`;
  return badRequest(message, 'contents');
}
