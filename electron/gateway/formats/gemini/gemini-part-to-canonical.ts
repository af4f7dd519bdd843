import type { CanonicalImagePart, CanonicalPart } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { newId } from '../../canonical/ids.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import { isImageUri } from './gemini-file-uri.ts';
import { withGeminiSignature } from './gemini-state.ts';
import { optionalBoolean, optionalString, readArray, readObject } from './gemini-request-values.ts';

const PART_POLICY: FieldPolicy = {
  carried: [
    'text',
    'thought',
    'thoughtSignature',
    'inlineData',
    'fileData',
    'functionCall',
    'functionResponse',
  ],
  dropped: {
    mediaResolution: 'gemini.media_resolution_dropped',
    // Client-side annotations Gemini itself never reads back.
    partMetadata: 'gemini.part_metadata_dropped',
  },
  refused: {
    executableCode: 'code execution is a Google-hosted tool with no equivalent in another format',
    codeExecutionResult:
      'code execution is a Google-hosted tool with no equivalent in another format',
    toolCall: 'Google-hosted tool calls have no equivalent in another format',
    toolResponse: 'Google-hosted tool results have no equivalent in another format',
    videoMetadata: 'video input cannot be translated',
    audioTranscription: 'audio transcription cannot be translated',
    mediaProcessing: 'media processing options have no equivalent in another format',
  },
};

export type Role = 'user' | 'model';

/** One Gemini part, read: canonical parts for a turn, or a function response for a tool turn. */
export type DecodedPart =
  | { kind: 'parts'; parts: CanonicalPart[] }
  | {
      kind: 'function-response';
      id?: string;
      name: string;
      content: string;
      /** Images of a multimodal function response (Gemini 3), for the canonical result. */
      images: CanonicalImagePart[];
    };

const refuse = (param: string, reason: string) =>
  badRequest(`'${param}' cannot be translated: ${reason}.`, param, 'unsupported_parameter');

/**
 * A part of a client's content. A non-thought text part that carries a `thoughtSignature`
 * (Gemini 3 signs the last text part) becomes the text plus an empty reasoning part holding the
 * signature right after it; the Gemini encoders put it back on the text.
 */
export function geminiPartToCanonical(
  raw: unknown,
  role: Role,
  where: string,
  ctx: ConversionContext,
): DecodedPart {
  const part = readObject(raw, where);
  applyFieldPolicy(part, PART_POLICY, ctx, where);
  const signature = optionalString(part.thoughtSignature, `${where}.thoughtSignature`);
  if (signature !== undefined && role !== 'model') {
    throw refuse(`${where}.thoughtSignature`, 'thought signatures belong to model turns');
  }

  if (part.functionCall !== undefined && part.functionCall !== null) {
    if (role !== 'model')
      throw refuse(`${where}.functionCall`, 'function calls belong to model turns');
    return {
      kind: 'parts',
      parts: [readFunctionCall(part.functionCall, signature, `${where}.functionCall`)],
    };
  }
  if (part.functionResponse !== undefined && part.functionResponse !== null) {
    if (role !== 'user')
      throw refuse(`${where}.functionResponse`, 'function responses belong to user turns');
    return readFunctionResponse(part.functionResponse, `${where}.functionResponse`);
  }
  if (part.inlineData !== undefined && part.inlineData !== null) {
    if (role !== 'user') throw refuse(`${where}.inlineData`, 'only user turns can hold images');
    return { kind: 'parts', parts: [readInlineData(part.inlineData, `${where}.inlineData`)] };
  }
  if (part.fileData !== undefined && part.fileData !== null) {
    if (role !== 'user') throw refuse(`${where}.fileData`, 'only user turns can hold images');
    return { kind: 'parts', parts: [readFileData(part.fileData, `${where}.fileData`)] };
  }

  const text = optionalString(part.text, `${where}.text`) ?? '';
  if (optionalBoolean(part.thought, `${where}.thought`) === true) {
    if (role !== 'model') throw refuse(`${where}.thought`, 'thoughts belong to model turns');
    return {
      kind: 'parts',
      parts: [withGeminiSignature({ type: 'reasoning', text }, signature)],
    };
  }
  const parts: CanonicalPart[] = [];
  if (text !== '') parts.push({ type: 'text', text });
  if (signature !== undefined)
    parts.push(withGeminiSignature({ type: 'reasoning', text: '' }, signature));
  return { kind: 'parts', parts };
}

function readFunctionCall(
  raw: unknown,
  signature: string | undefined,
  where: string,
): CanonicalPart {
  const call = readObject(raw, where);
  const name = optionalString(call.name, `${where}.name`);
  if (!name) throw badRequest(`Missing required field '${where}.name'.`, `${where}.name`);
  const args = call.args ?? {};
  if (!isRecord(args))
    throw badRequest(`Invalid field '${where}.args': expected an object.`, `${where}.args`);
  const id = optionalString(call.id, `${where}.id`);
  return withGeminiSignature(
    { type: 'tool-call', id: id || newId('call_'), name, arguments: JSON.stringify(args) },
    signature,
  );
}

function readFunctionResponse(raw: unknown, where: string): DecodedPart {
  const response = readObject(raw, where);
  for (const field of ['willContinue', 'scheduling']) {
    const value = response[field];
    if (value === undefined || value === null) continue;
    throw refuse(
      `${where}.${field}`,
      'Live API function scheduling has no equivalent in another format',
    );
  }
  const name = optionalString(response.name, `${where}.name`);
  if (!name) throw badRequest(`Missing required field '${where}.name'.`, `${where}.name`);
  const body = response.response ?? {};
  if (!isRecord(body))
    throw badRequest(`Invalid field '${where}.response': expected an object.`, `${where}.response`);
  const id = optionalString(response.id, `${where}.id`);
  // Multimodal function responses (Gemini 3): the images a function returned, beside its text.
  const images = readArray(response.parts ?? [], `${where}.parts`).map((raw, i) => {
    const partWhere = `${where}.parts.${i}`;
    const part = readObject(raw, partWhere);
    if (part.inlineData !== undefined)
      return readInlineData(part.inlineData, `${partWhere}.inlineData`);
    if (part.fileData !== undefined) return readFileData(part.fileData, `${partWhere}.fileData`);
    throw badRequest(`Invalid '${partWhere}': expected inlineData or fileData.`, partWhere);
  });
  return {
    kind: 'function-response',
    name,
    content: toolResultText(body),
    images,
    ...(id ? { id } : {}),
  };
}

/** `{output: "<text>"}` is how Gemini wraps a text result; any other object stays JSON. */
function toolResultText(response: Record<string, unknown>): string {
  const keys = Object.keys(response);
  if (keys.length === 1 && keys[0] === 'output' && typeof response.output === 'string')
    return response.output;
  return JSON.stringify(response);
}

function readInlineData(raw: unknown, where: string): CanonicalImagePart {
  const blob = readObject(raw, where);
  const mimeType = optionalString(blob.mimeType, `${where}.mimeType`) ?? '';
  const data = optionalString(blob.data, `${where}.data`);
  if (data === undefined)
    throw badRequest(`Missing required field '${where}.data'.`, `${where}.data`);
  if (!mimeType.startsWith('image/'))
    throw refuse(where, `only images can be translated, not '${mimeType || 'unknown'}' data`);
  return { type: 'image', source: { kind: 'data', mimeType, data } };
}

function readFileData(raw: unknown, where: string): CanonicalImagePart {
  const file = readObject(raw, where);
  const fileUri = optionalString(file.fileUri, `${where}.fileUri`);
  if (!fileUri) throw badRequest(`Missing required field '${where}.fileUri'.`, `${where}.fileUri`);
  const mimeType = optionalString(file.mimeType, `${where}.mimeType`);
  const image = mimeType === undefined ? isImageUri(fileUri) : mimeType.startsWith('image/');
  if (!image)
    throw refuse(where, `only image files can be translated, not '${mimeType ?? fileUri}'`);
  return { type: 'image', source: { kind: 'url', url: fileUri } };
}
