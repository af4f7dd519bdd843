/**
 * What a recorded stream says, read directly from its JSON with the documented rules
 * (OpenAI's convention for usage), independently of the gateway's decoders: the expectation a
 * translated replay is checked against.
 */
interface ReferenceCall {
  name: string;
  args: unknown;
}

export interface ReferenceReading {
  text: string;
  calls: ReferenceCall[];
  usage?: { input: number; output: number; total: number };
  /** The stream reports an error or a failed response. */
  failed: boolean;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const parseArgs = (text: string): unknown => (text.trim() === '' ? {} : JSON.parse(text));

export function readChatReference(payloads: string[]): ReferenceReading {
  let text = '';
  const calls = new Map<number, { name: string; args: string }>();
  let usage: ReferenceReading['usage'];
  let failed = false;
  for (const payload of payloads) {
    const chunk = obj(JSON.parse(payload));
    if (chunk.error) failed = true;
    for (const choice of (chunk.choices as unknown[] | undefined) ?? []) {
      const delta = obj(obj(choice).delta);
      if (typeof delta.content === 'string') text += delta.content;
      // Mistral sends content as an array of typed items; only `text` items are answer text.
      if (Array.isArray(delta.content)) {
        for (const item of delta.content)
          if (obj(item).type === 'text' && typeof obj(item).text === 'string')
            text += String(obj(item).text);
      }
      for (const call of (delta.tool_calls as unknown[] | undefined) ?? []) {
        const c = obj(call);
        const index = num(c.index);
        const entry = calls.get(index) ?? { name: '', args: '' };
        const fn = obj(c.function);
        if (typeof fn.name === 'string') entry.name += fn.name;
        if (typeof fn.arguments === 'string') entry.args += fn.arguments;
        calls.set(index, entry);
      }
    }
    const u = obj(chunk.usage);
    if (chunk.usage) {
      const input = num(u.prompt_tokens);
      const reasoning = num(obj(u.completion_tokens_details).reasoning_tokens);
      let output = num(u.completion_tokens);
      // xAI counts reasoning outside completion_tokens (total = prompt + completion + reasoning);
      // in OpenAI's convention output includes reasoning (README "Translation rules").
      if (reasoning > 0 && input + output + reasoning === num(u.total_tokens)) output += reasoning;
      usage = { input, output, total: num(u.total_tokens) };
    }
  }
  return {
    text,
    calls: [...calls.values()].map((c) => ({ name: c.name, args: parseArgs(c.args) })),
    ...(usage ? { usage } : {}),
    failed,
  };
}

export function readResponsesReference(payloads: string[]): ReferenceReading {
  let text = '';
  // A `.done` event carries a text part whole; some captures trimmed its deltas.
  let doneText = '';
  let sawDone = false;
  const calls: ReferenceCall[] = [];
  let usage: ReferenceReading['usage'];
  let failed = false;
  for (const payload of payloads) {
    const event = obj(JSON.parse(payload));
    if (event.type === 'response.output_text.delta' && typeof event.delta === 'string')
      text += event.delta;
    if (event.type === 'response.output_text.done' && typeof event.text === 'string') {
      doneText += event.text;
      sawDone = true;
    }
    if (event.type === 'response.output_item.done') {
      const item = obj(event.item);
      if (item.type === 'function_call')
        calls.push({ name: String(item.name), args: parseArgs(String(item.arguments ?? '')) });
    }
    if (event.type === 'error' || event.type === 'response.failed') failed = true;
    const response = obj(event.response);
    if (response.usage) {
      const u = obj(response.usage);
      usage = {
        input: num(u.input_tokens),
        output: num(u.output_tokens),
        total: num(u.total_tokens),
      };
    }
  }
  return { text: sawDone ? doneText : text, calls, ...(usage ? { usage } : {}), failed };
}

export function readGeminiReference(payloads: string[]): ReferenceReading {
  let text = '';
  const calls: ReferenceCall[] = [];
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
function setAtJsonPath(call: ReferenceCall, path: string, value: unknown): void {
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

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** A capture may hold several responses streams in a row (one per turn); each is replayed on its own. */
export function splitStreams(
  folder: 'chat' | 'responses' | 'gemini',
  payloads: string[],
): string[][] {
  if (folder !== 'responses') return [payloads];
  const streams: string[][] = [[]];
  for (const payload of payloads) {
    streams.at(-1)!.push(payload);
    if (TERMINAL.has(String(obj(JSON.parse(payload)).type))) streams.push([]);
  }
  return streams.filter((s) => s.length > 0);
}

/** A `partialArgs` piece carries exactly one typed value. */
function pieceValue(piece: Json): unknown {
  if ('stringValue' in piece) return piece.stringValue;
  if ('numberValue' in piece) return piece.numberValue;
  if ('boolValue' in piece) return piece.boolValue;
  return null;
}
