import { describe, expect, it } from 'vitest';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import type { StreamRecord } from '../../canonical/format-codec.ts';
import { StreamAccumulator } from '../../canonical/stream-accumulator.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { ollamaRecorded } from '../../../../test/format-kits/ollama/recorded.ts';
import { recordedChunks, recordedFile, recordedNames } from '../../../../test/recorded-fixtures.ts';
import { ollamaCodec } from './ollama-codec.ts';

/**
 * The example answers of Ollama's own API documentation (`test/fixtures/recorded/ollama/`, see
 * its README) read by the codec: each whole answer decoded, each stream cut into records by the
 * codec's NDJSON framing and decoded. What the codec makes of them must be what the examples
 * say, read here straight from their JSON.
 */
const FOLDER = ollamaRecorded.folder;

type Json = Record<string, unknown>;

/** What an answer says, in the terms both readings share. */
interface Said {
  text: string;
  thinking: string;
  calls: { name: string; args: unknown }[];
  finish: string;
  usage?: { input: number; output: number };
}

/** The example's own reading: chat text in `message`, generate text in `response`. */
function readExample(records: readonly Json[]): Said {
  const said: Said = { text: '', thinking: '', calls: [], finish: 'stop' };
  for (const record of records) {
    const message = (record.message ?? record) as Json;
    const text = record.message === undefined ? record.response : message.content;
    if (typeof text === 'string') said.text += text;
    if (typeof message.thinking === 'string') said.thinking += message.thinking;
    for (const call of (message.tool_calls ?? []) as Json[]) {
      const fn = call.function as Json;
      said.calls.push({ name: String(fn.name), args: fn.arguments });
    }
    if (typeof record.prompt_eval_count === 'number' || typeof record.eval_count === 'number')
      said.usage = { input: Number(record.prompt_eval_count), output: Number(record.eval_count) };
  }
  const last = records.at(-1) ?? {};
  // Ollama says `stop` after calls too; the canonical answer tells them apart.
  said.finish =
    last.done_reason === 'length' ? 'length' : said.calls.length > 0 ? 'tool_calls' : 'stop';
  return said;
}

/** The codec's canonical answer in the same terms. */
function readCanonical(response: CanonicalResponse): Said {
  const said: Said = {
    text: response.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    thinking: response.parts.flatMap((p) => (p.type === 'reasoning' ? [p.text] : [])).join(''),
    calls: response.parts.flatMap((p) =>
      p.type === 'tool-call' ? [{ name: p.name, args: JSON.parse(p.arguments) as unknown }] : [],
    ),
    finish: response.finishReason,
  };
  if (response.usage)
    said.usage = { input: response.usage.inputTokens, output: response.usage.outputTokens };
  return said;
}

/** A recorded stream as the upstream sends it, cut into records by the codec's own framing. */
function framedRecords(payloads: string[]): StreamRecord[] {
  const records: StreamRecord[] = [];
  const reader = ollamaCodec.framing.createReader((record) => records.push(record));
  const bytes = new TextEncoder().encode(ollamaRecorded.frame(payloads));
  // In 7-byte reads, as a network may cut them, lines and UTF-8 sequences split.
  for (let at = 0; at < bytes.length; at += 7) reader.push(bytes.subarray(at, at + 7));
  reader.end();
  return records;
}

const streams = recordedNames(FOLDER, '.chunks.txt');
const bodies = recordedNames(FOLDER, '.json');

describe('Ollama’s documented streams, decoded', () => {
  it('are all there, and each is whole lines of JSON', () => {
    expect(streams).toHaveLength(ollamaRecorded.counts.streams);
    for (const name of streams) expect(recordedFile(FOLDER, name).endsWith('}\n')).toBe(true);
  });

  it.each(streams)('%s', (name) => {
    const payloads = recordedChunks(FOLDER, name);
    const records = framedRecords(payloads);
    expect(records.map((record) => record.data)).toEqual(payloads);
    const decoder = ollamaCodec.createStreamDecoder(testContext());
    const accumulator = new StreamAccumulator();
    for (const event of [...records.flatMap((r) => decoder.push(r)), ...decoder.end()])
      accumulator.add(event);
    const json = payloads.map((payload) => JSON.parse(payload) as Json);
    const failure = json.find((record) => typeof record.error === 'string');
    if (failure !== undefined) {
      // The text before the error line reached the client; the error ends the answer.
      expect(accumulator.error).toMatchObject({ status: 500, message: failure.error });
      expect(readCanonical(accumulator.result()).text).toBe(readExample(json.slice(0, -1)).text);
      return;
    }
    expect(accumulator.error).toBeUndefined();
    const said = readExample(json);
    // Not vacuous: every documented stream says something.
    expect(said.text.length + said.calls.length).toBeGreaterThan(0);
    expect(readCanonical(accumulator.result())).toEqual(said);
  });
});

describe('Ollama’s documented whole answers, decoded', () => {
  it('are all there', () => {
    expect(bodies).toHaveLength(ollamaRecorded.counts.bodies);
  });

  it.each(bodies)('%s', (name) => {
    const body = JSON.parse(recordedFile(FOLDER, name)) as Json;
    if (typeof body.error === 'string') {
      // An error body: its status is the HTTP status's, which the example does not show.
      const error = ollamaCodec.decodeError(500, recordedFile(FOLDER, name), {});
      expect(error).toMatchObject({ status: 500, message: body.error });
      return;
    }
    expect(body.done).toBe(true);
    expect(readCanonical(ollamaCodec.decodeResponse(body, testContext()))).toEqual(
      readExample([body]),
    );
  });
});
