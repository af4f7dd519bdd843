import OpenAI from 'openai';
import type { KitRecorded, Reading, ReferenceReading } from '../format-kit.ts';
import { num, obj, parseArgs } from '../json.ts';

/** What a recorded responses stream says, read directly from its events. */
function readResponsesReference(payloads: string[]): ReferenceReading {
  let text = '';
  // A `.done` event carries a text part whole; some captures trimmed its deltas.
  let doneText = '';
  let sawDone = false;
  const calls: Reading['calls'] = [];
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

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** A capture may hold several responses streams in a row (one per turn); each is replayed on its own. */
function splitStreams(payloads: string[]): string[][] {
  const streams: string[][] = [[]];
  for (const payload of payloads) {
    streams.at(-1)!.push(payload);
    if (TERMINAL.has(String(obj(JSON.parse(payload)).type))) streams.push([]);
  }
  return streams.filter((s) => s.length > 0);
}

/** The `openai` SDK's responses stream helper, as a responses client reads a streamed answer. */
async function readResponsesStream(
  model: string,
  baseUrl: string,
  token: string,
): Promise<Reading> {
  const client = new OpenAI({ apiKey: token, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
  const final = await client.responses.stream({ model, input: 'replay' }).finalResponse();
  if (final.status === 'failed') throw new Error(`response failed: ${JSON.stringify(final.error)}`);
  const calls = final.output.flatMap((item) =>
    item.type === 'function_call'
      ? [{ name: item.name, args: JSON.parse(item.arguments || '{}') as unknown }]
      : [],
  );
  const u = final.usage;
  return {
    text: final.output_text,
    calls,
    ...(u
      ? { usage: { input: u.input_tokens, output: u.output_tokens, total: u.total_tokens } }
      : {}),
  };
}

export const responsesRecorded: KitRecorded = {
  folder: 'responses',
  counts: { streams: 9, bodies: 8 },
  streams: splitStreams,
  // The live API names every event after its type; the recordings kept only the data.
  frame: (payloads) =>
    payloads
      .map((payload) => {
        const type = (JSON.parse(payload) as { type?: string }).type;
        return `${type ? `event: ${type}\n` : ''}data: ${payload}\n\n`;
      })
      .join(''),
  reference: readResponsesReference,
  readStream: readResponsesStream,
};
