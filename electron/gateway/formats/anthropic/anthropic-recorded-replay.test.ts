import Anthropic, { APIError } from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import type { CanonicalResponse, FinishReason } from '../../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { StreamAccumulator } from '../../canonical/stream-accumulator.ts';
import { recordedChunks, recordedFile, recordedNames } from '../../../../test/recorded-fixtures.ts';
import { anthropicCodec } from './anthropic-codec.ts';
import {
  anthropicTypeErrors,
  type AnthropicValue,
} from '../../../../test/doubles/formats/anthropic-typecheck.ts';
import {
  sseRecords,
  testContext,
  testEncodeContext,
} from '../../../../test/doubles/formats/anthropic-test-support.ts';

/**
 * Every recorded Messages stream and body is decoded, checked against a reading of the raw
 * recording that shares no code with the decoder, re-encoded for an Anthropic client, and read
 * back with the official SDK (@anthropic-ai/sdk 1.13, its own SSE parser and MessageStream
 * accumulator): the SDK must see the same text, calls, thinking with signatures, stop reason
 * and usage. Everything the encoders wrote is then compiled against the SDK's types.
 */

/** What a client sees of an answer. */
interface Reading {
  text: string;
  calls: { id: string; name: string; input: unknown }[];
  thinking: { thinking: string; signature: string }[];
  stopReason: string | null;
  usage: { input: number; output: number };
  explanation?: string;
}

/** Values the encoders wrote, checked against the SDK's types at the end. */
const written: AnthropicValue[] = [];

function keepSse(label: string, sse: string): void {
  sseRecords(sse).forEach((record, i) =>
    written.push({
      label: `${label} #${i} ${record.event}`,
      shape: record.event === 'error' ? 'error' : 'event',
      value: record.data,
    }),
  );
}

function sdkClient(body: string, contentType: string): Anthropic {
  return new Anthropic({
    apiKey: 'test-key',
    baseURL: 'http://gateway.test',
    maxRetries: 0,
    fetch: async () =>
      new Response(body, { status: 200, headers: { 'content-type': contentType } }),
  });
}

const PARAMS = {
  model: 'client-model',
  max_tokens: 1024,
  messages: [{ role: 'user' as const, content: 'replay' }],
};

/** The SDK's streaming helper on an SSE text: its accumulated final message. */
const sdkStreamed = (sse: string): Promise<Message> =>
  sdkClient(sse, 'text/event-stream').messages.stream(PARAMS).finalMessage();

/** The SDK's non-streaming call on a JSON body. */
const sdkCreated = (body: unknown): Promise<Message> =>
  sdkClient(JSON.stringify(body), 'application/json').messages.create(PARAMS);

function sdkReading(message: Message): Reading {
  const u = message.usage;
  const explanation = message.stop_details?.explanation;
  return {
    text: message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''),
    calls: message.content.flatMap((b) =>
      b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : [],
    ),
    thinking: message.content.flatMap((b) =>
      b.type === 'thinking' ? [{ thinking: b.thinking, signature: b.signature }] : [],
    ),
    stopReason: message.stop_reason,
    usage: {
      input:
        u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0),
      output: u.output_tokens,
    },
    ...(explanation ? { explanation } : {}),
  };
}

/** Canonical finish reasons as the Anthropic stop reason a client gets for them. */
const STOP_OF: Record<FinishReason, string> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
  error: 'end_turn',
};

function canonicalReading(response: CanonicalResponse): Reading {
  const refusal = response.parts.flatMap((p) => (p.type === 'refusal' ? [p.text] : [])).join('');
  return {
    text: response.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    calls: response.parts.flatMap((p) =>
      p.type === 'tool-call'
        ? [{ id: p.id, name: p.name, input: JSON.parse(p.arguments || '{}') as unknown }]
        : [],
    ),
    thinking: response.parts.flatMap((p) =>
      p.type === 'reasoning' && p.redacted === undefined
        ? [{ thinking: p.text, signature: p.thinkingSignature ?? '' }]
        : [],
    ),
    stopReason: STOP_OF[response.finishReason],
    usage: { input: response.usage?.inputTokens ?? 0, output: response.usage?.outputTokens ?? 0 },
    ...(refusal ? { explanation: refusal } : {}),
  };
}

type Json = Record<string, unknown>;
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Stop reasons a client of another format cannot tell apart read as what they map to. */
const referenceStop = (reason: unknown): string | null =>
  reason === 'stop_sequence' || reason === 'pause_turn' ? 'end_turn' : (reason as string | null);

/** The reference reading of a recorded stream, straight from its JSON lines. */
function referenceOfStream(lines: string[]): Reading | 'error' {
  const events = lines.map((line) => JSON.parse(line) as Json);
  let messageId: string | undefined;
  const blocks: Json[] = [];
  const json: string[] = [];
  const usage: Json = {};
  let stop: unknown = null;
  let explanation: string | undefined;
  for (const event of events) {
    if (event.type === 'message_start') {
      const message = event.message as Json;
      if (messageId !== undefined) {
        if (message.id === messageId) continue;
        return 'error';
      }
      messageId = message.id as string;
      Object.assign(usage, message.usage);
    } else if (event.type === 'content_block_start') {
      blocks[event.index as number] = { ...(event.content_block as Json) };
      json[event.index as number] = '';
    } else if (event.type === 'content_block_delta') {
      const block = blocks[event.index as number]!;
      const delta = event.delta as Json;
      if (delta.type === 'text_delta')
        block.text = `${block.text as string}${delta.text as string}`;
      if (delta.type === 'thinking_delta')
        block.thinking = `${block.thinking as string}${delta.thinking as string}`;
      if (delta.type === 'signature_delta') block.signature = delta.signature;
      if (delta.type === 'input_json_delta')
        json[event.index as number] =
          `${json[event.index as number] ?? ''}${delta.partial_json as string}`;
    } else if (event.type === 'message_delta') {
      for (const [key, value] of Object.entries(event.usage as Json))
        if (value !== null && value !== undefined) usage[key] = value;
      const delta = event.delta as Json;
      stop = delta.stop_reason;
      const details = delta.stop_details as Json | null | undefined;
      if (typeof details?.explanation === 'string') explanation = details.explanation;
    }
  }
  return reading(
    blocks.map((block, i) =>
      block.type === 'tool_use' ? { ...block, input: JSON.parse(json[i] || '{}') } : block,
    ),
    stop,
    usage,
    explanation,
  );
}

function reading(blocks: Json[], stop: unknown, usage: Json, explanation?: string): Reading {
  return {
    text: blocks.flatMap((b) => (b.type === 'text' ? [b.text as string] : [])).join(''),
    calls: blocks.flatMap((b) =>
      b.type === 'tool_use' ? [{ id: b.id as string, name: b.name as string, input: b.input }] : [],
    ),
    thinking: blocks.flatMap((b) =>
      b.type === 'thinking'
        ? [{ thinking: b.thinking as string, signature: (b.signature as string | undefined) ?? '' }]
        : [],
    ),
    stopReason: referenceStop(stop),
    usage: {
      input:
        num(usage.input_tokens) +
        num(usage.cache_read_input_tokens) +
        num(usage.cache_creation_input_tokens),
      output: num(usage.output_tokens),
    },
    ...(explanation ? { explanation } : {}),
  };
}

function referenceOfBody(body: Json): Reading {
  const details = body.stop_details as Json | null | undefined;
  return reading(
    body.content as Json[],
    body.stop_reason,
    body.usage as Json,
    typeof details?.explanation === 'string' ? details.explanation : undefined,
  );
}

/** Decodes a recording with the codec's stream decoder, in SSE form (event name = type). */
function decodeRecorded(lines: string[]) {
  const ctx = testContext();
  const decoder = anthropicCodec.createStreamDecoder(ctx);
  const events: CanonicalStreamEvent[] = [];
  for (const data of lines)
    events.push(...decoder.push({ event: (JSON.parse(data) as Json).type as string, data }));
  events.push(...decoder.end());
  return { events, ctx };
}

function encodeEvents(events: CanonicalStreamEvent[]): string {
  const encoder = anthropicCodec.createStreamEncoder(
    testEncodeContext({ reasoning: { includeThoughts: true } }),
  );
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}

describe('recorded Messages streams: decode, re-encode, read with the SDK', () => {
  const names = recordedNames('anthropic', '.chunks.txt');

  it('has the recordings', () => {
    expect(names.length).toBe(13);
  });

  for (const name of names) {
    it(name, async () => {
      const lines = recordedChunks('anthropic', name);
      const reference = referenceOfStream(lines);
      const { events } = decodeRecorded(lines);
      const sse = encodeEvents(events);
      keepSse(name, sse);
      if (reference === 'error') {
        expect(events.at(-1)).toMatchObject({ type: 'error', status: 502 });
        const failure = await sdkStreamed(sse).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(APIError);
        expect((failure as APIError).message).toContain('before message');
        return;
      }
      const accumulator = new StreamAccumulator();
      for (const event of events) accumulator.add(event);
      expect(accumulator.error).toBeUndefined();
      expect(canonicalReading(accumulator.result())).toEqual(reference);
      expect(sdkReading(await sdkStreamed(sse))).toEqual(reference);
    });
  }
});

describe('recorded Messages bodies: decode, re-encode, read with the SDK', () => {
  const names = recordedNames('anthropic', '.json');

  it('has the recordings', () => {
    expect(names.length).toBe(11);
  });

  for (const name of names) {
    it(name, async () => {
      const body = JSON.parse(recordedFile('anthropic', name)) as Json;
      const reference = referenceOfBody(body);
      const ctx = testContext();
      const response = anthropicCodec.decodeResponse(body, ctx);
      expect(canonicalReading(response)).toEqual(reference);
      const message = anthropicCodec.encodeResponse(
        response,
        testEncodeContext({ reasoning: { includeThoughts: true } }, ctx),
      );
      written.push({ label: name, shape: 'message', value: message });
      expect(sdkReading(await sdkCreated(message))).toEqual(reference);
    });
  }
});

const start: CanonicalStreamEvent = { type: 'start', id: 'up', model: 'up-model', created: 1 };

describe('answers of other formats, through the SDK', () => {
  it('gives every kind of opaque reasoning state to the SDK in thinking signatures', async () => {
    const sse = encodeEvents([
      start,
      { type: 'reasoning-delta', text: 'Gemini thought.', signature: 'CiQBcsjafF0+/x==' },
      { type: 'reasoning-delta', text: 'OpenAI summary.', encrypted: 'gAAAAB', id: 'rs_1' },
      { type: 'reasoning-delta', text: '', redacted: 'EmwKAhgB' },
      { type: 'reasoning-delta', text: 'Claude.' },
      { type: 'reasoning-delta', text: '', thinkingSignature: 'EqQBCgIYAhIM' },
      { type: 'text-delta', text: 'Answer.' },
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: { inputTokens: 30, outputTokens: 12, totalTokens: 42, reasoningTokens: 8 },
      },
    ]);
    keepSse('opaque state', sse);
    const message = await sdkStreamed(sse);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Gemini thought.', signature: 'mgw1:gemini:CiQBcsjafF0+/x==' },
      { type: 'thinking', thinking: 'OpenAI summary.', signature: 'mgw1:openai:rs_1:gAAAAB' },
      { type: 'redacted_thinking', data: 'EmwKAhgB' },
      { type: 'thinking', thinking: 'Claude.', signature: 'EqQBCgIYAhIM' },
      { type: 'text', text: 'Answer.', citations: null },
    ]);
    expect(message.usage).toMatchObject({
      input_tokens: 30,
      output_tokens: 12,
      output_tokens_details: { thinking_tokens: 8 },
    });
  });

  it('gives the SDK interleaved parallel calls as whole tool_use blocks', async () => {
    const sse = encodeEvents([
      start,
      { type: 'tool-call-start', index: 0, id: 'call_a', name: 'weather' },
      { type: 'tool-call-start', index: 1, id: 'call_b', name: 'time' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"tz":"CET"}' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    keepSse('parallel calls', sse);
    const message = await sdkStreamed(sse);
    expect(message.stop_reason).toBe('tool_use');
    expect(sdkReading(message).calls).toEqual([
      { id: 'call_a', name: 'weather', input: { city: 'Paris' } },
      { id: 'call_b', name: 'time', input: { tz: 'CET' } },
    ]);
  });

  it('gives the SDK a content-filter refusal as the refusal stop with its explanation', async () => {
    const sse = encodeEvents([
      start,
      { type: 'refusal-delta', text: 'Blocked.' },
      { type: 'finish', reason: 'content_filter' },
    ]);
    keepSse('refusal', sse);
    const message = await sdkStreamed(sse);
    expect(message.stop_reason).toBe('refusal');
    expect(message.stop_details).toEqual({
      type: 'refusal',
      category: null,
      explanation: 'Blocked.',
    });
  });

  it('makes the SDK throw on a mid-stream error, with its type and message', async () => {
    const sse = encodeEvents([
      start,
      { type: 'text-delta', text: 'Hi' },
      { type: 'error', status: 529, message: 'Upstream overloaded', code: 'overloaded_error' },
    ]);
    keepSse('error', sse);
    const failure = await sdkStreamed(sse).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIError);
    expect((failure as APIError).type).toBe('overloaded_error');
    expect((failure as APIError).message).toContain('Upstream overloaded');
  });

  it('writes request bodies the SDK types accept', () => {
    const ctx = testContext();
    const request = anthropicCodec.decodeRequest(
      {
        model: 'claude-sonnet-4-5',
        max_tokens: 2000,
        system: 'Be brief.',
        tools: [{ name: 'weather', input_schema: { type: 'object', properties: {} } }],
        tool_choice: { type: 'auto', disable_parallel_tool_use: true },
        thinking: { type: 'enabled', budget_tokens: 1024 },
        output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
        stop_sequences: ['END'],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'Hm.', signature: 'EqQB' },
              { type: 'redacted_thinking', data: 'RED' },
              { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { a: 1 } },
            ],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }],
          },
          { role: 'system', content: 'Now in French.' },
          { role: 'user', content: 'Merci' },
        ],
        stream: true,
      },
      ctx,
      { model: 'claude-sonnet-4-5', stream: true, body: {} },
    );
    written.push({
      label: 'request',
      shape: 'request',
      value: anthropicCodec.encodeRequest(request, ctx),
    });
    written.push({
      label: 'adaptive request',
      shape: 'request',
      value: anthropicCodec.encodeRequest(
        {
          model: 'm',
          messages: [],
          sampling: {},
          stream: false,
          reasoning: { budgetTokens: -1, includeThoughts: false },
        },
        testContext(),
      ),
    });
  });
});

describe('the SDK types', () => {
  it('accept every body, event and error the encoders wrote, and refuse a canary', async () => {
    expect(written.length).toBeGreaterThan(100);
    // The canary breaks the types: the check must catch it, and only it.
    const canary: AnthropicValue = {
      label: 'canary',
      shape: 'event',
      value: { type: 'message_stop', extra: 1 },
    };
    const errors = await anthropicTypeErrors([...written, canary]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^canary: error TS/);
  }, 60_000);
});
