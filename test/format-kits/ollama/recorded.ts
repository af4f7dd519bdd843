import { Ollama, type ChatResponse } from 'ollama';
import type { KitRecorded, Reading, ReferenceReading } from '../format-kit.ts';
import { list, num, obj } from '../json.ts';

/**
 * Ollama's recorded streams (`test/fixtures/recorded/ollama/`, from the examples of Ollama's own
 * API documentation): one JSON object a line, as the server writes them. A `/api/chat` record
 * holds its text in `message.content`, a `/api/generate` record in `response`; the thinking is
 * beside it (`thinking`) and is no answer text; the last record (`done: true`) holds the counts.
 */

/** The text of one record, whichever endpoint wrote it. */
const textOf = (record: Record<string, unknown>): string => {
  const message = obj(record.message);
  const text = 'message' in record ? message.content : record.response;
  return typeof text === 'string' ? text : '';
};

/** The counts of a record that has them (a stream's last), as the shared reading's usage. */
function usageOf(record: Record<string, unknown>): Reading['usage'] {
  if (record.prompt_eval_count === undefined && record.eval_count === undefined) return undefined;
  const input = num(record.prompt_eval_count);
  const output = num(record.eval_count);
  return { input, output, total: input + output };
}

/**
 * What a recorded stream says, read straight from its JSON lines: the text, the calls (whole,
 * arguments as objects), the counts of the `done` record, and whether an `{"error": …}` line
 * ended it.
 */
function readOllamaReference(payloads: string[]): ReferenceReading {
  let text = '';
  const calls: Reading['calls'] = [];
  let usage: ReferenceReading['usage'];
  let failed = false;
  for (const payload of payloads) {
    const record = obj(JSON.parse(payload));
    if (record.error !== undefined) failed = true;
    text += textOf(record);
    for (const call of list(obj(record.message).tool_calls)) {
      const fn = obj(obj(call).function);
      calls.push({ name: String(fn.name), args: fn.arguments ?? {} });
    }
    const counted = usageOf(record);
    if (counted) usage = counted;
  }
  return { text, calls, ...(usage ? { usage } : {}), failed };
}

/**
 * ollama-js (`ollama` 0.6.4) as an Ollama chat client reads a streamed answer: its own NDJSON
 * parser and stream iterator (which throws on an error line, and on a stream that ends without
 * `done`). The iterator yields each record as parsed, so a generate record, replayed as the
 * answer, is read by its `response`.
 */
async function readOllamaStream(model: string, baseUrl: string, token: string): Promise<Reading> {
  const client = new Ollama({ host: baseUrl, headers: { Authorization: `Bearer ${token}` } });
  const stream = await client.chat({
    model,
    messages: [{ role: 'user', content: 'replay' }],
    stream: true,
  });
  let text = '';
  const calls: Reading['calls'] = [];
  let usage: Reading['usage'];
  for await (const part of stream) {
    const record = part as unknown as Record<string, unknown>;
    text += textOf(record);
    for (const call of (part as Partial<ChatResponse>).message?.tool_calls ?? [])
      calls.push({ name: call.function.name, args: call.function.arguments });
    usage = usageOf(record) ?? usage;
  }
  return { text, calls, ...(usage ? { usage } : {}) };
}

export const ollamaRecorded: KitRecorded = {
  folder: 'ollama',
  counts: { streams: 6, bodies: 20 },
  streams: (payloads) => [payloads],
  // Each line as the server writes it: the JSON, then its newline.
  frame: (payloads) => payloads.map((payload) => `${payload}\n`).join(''),
  reference: readOllamaReference,
  readStream: readOllamaStream,
};
