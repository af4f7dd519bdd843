import { GoogleGenAI } from '@google/genai';
import type { KitRecorded, Reading, ReferenceReading } from '../format-kit.ts';
import { num, obj, type Json } from '../json.ts';

/** What a recorded native stream says, read directly from its chunks. */
function readGeminiReference(payloads: string[]): ReferenceReading {
  let text = '';
  const calls: Reading['calls'] = [];
  let usage: ReferenceReading['usage'];
  let failed = false;
  for (const payload of payloads) {
    const chunk = obj(JSON.parse(payload));
    if (chunk.error) failed = true;
    const candidate = obj(((chunk.candidates as unknown[] | undefined) ?? [])[0]);
    for (const part of (obj(candidate.content).parts as unknown[] | undefined) ?? []) {
      const p = obj(part);
      if (typeof p.text === 'string' && p.thought !== true) text += p.text;
      if (p.functionCall) {
        const call = obj(p.functionCall);
        if (typeof call.name === 'string') calls.push({ name: call.name, args: call.args ?? {} });
        // Vertex streams one call's arguments as jsonPath pieces on later parts without a name.
        const current = calls.at(-1);
        for (const piece of (call.partialArgs as unknown[] | undefined) ?? []) {
          if (current) setAtJsonPath(current, String(obj(piece).jsonPath), pieceValue(obj(piece)));
        }
      }
    }
    if (chunk.usageMetadata) {
      const u = obj(chunk.usageMetadata);
      const input = num(u.promptTokenCount) + num(u.toolUsePromptTokenCount);
      const output = num(u.candidatesTokenCount) + num(u.thoughtsTokenCount);
      usage = { input, output, total: num(u.totalTokenCount) || input + output };
    }
  }
  return { text, calls, ...(usage ? { usage } : {}), failed };
}

/** Sets (or, for a string split over pieces, appends to) the value at a `$.a.b[0].c` path. */
function setAtJsonPath(call: Reading['calls'][number], path: string, value: unknown): void {
  const keys = [...path.replace(/^\$\.?/, '').matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) =>
    m[2] === undefined ? m[1]! : Number(m[2]),
  );
  if (typeof call.args !== 'object' || call.args === null) call.args = {};
  let node = call.args as Record<string | number, unknown>;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    if (last) {
      node[key] =
        typeof node[key] === 'string' && typeof value === 'string' ? node[key] + value : value;
      return;
    }
    if (typeof node[key] !== 'object' || node[key] === null)
      node[key] = typeof keys[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
}

/** A `partialArgs` piece carries exactly one typed value. */
function pieceValue(piece: Json): unknown {
  if ('stringValue' in piece) return piece.stringValue;
  if ('numberValue' in piece) return piece.numberValue;
  if ('boolValue' in piece) return piece.boolValue;
  return null;
}

/** `@google/genai`'s stream, chunks merged the way a client does. */
async function readGeminiStream(model: string, baseUrl: string, token: string): Promise<Reading> {
  const ai = new GoogleGenAI({ apiKey: token, httpOptions: { baseUrl, apiVersion: 'v1beta' } });
  let text = '';
  const calls: Reading['calls'] = [];
  let usage: Reading['usage'];
  for await (const chunk of await ai.models.generateContentStream({ model, contents: 'replay' })) {
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      if (part.text !== undefined && !part.thought) text += part.text;
      if (part.functionCall)
        calls.push({ name: part.functionCall.name ?? '', args: part.functionCall.args ?? {} });
    }
    const u = chunk.usageMetadata;
    if (u) {
      const input = (u.promptTokenCount ?? 0) + (u.toolUsePromptTokenCount ?? 0);
      const output = (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0);
      usage = { input, output, total: u.totalTokenCount ?? input + output };
    }
  }
  return { text, calls, ...(usage ? { usage } : {}) };
}

export const geminiRecorded: KitRecorded = {
  folder: 'gemini',
  counts: { streams: 11, bodies: 6 },
  streams: (payloads) => [payloads],
  frame: (payloads) => payloads.map((p) => `data: ${p}\n\n`).join(''),
  reference: readGeminiReference,
  readStream: readGeminiStream,
};
