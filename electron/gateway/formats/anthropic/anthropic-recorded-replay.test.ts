import Anthropic, { APIError } from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { anthropicCodec } from './anthropic-codec.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { withResponsesReasoning } from '../responses/responses-state.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
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
 * Answers of other formats (canonical events with every kind of opaque reasoning state,
 * interleaved calls, a refusal, an error) and request bodies, encoded for Anthropic and read
 * back with the official SDK (@anthropic-ai/sdk 1.13, its own SSE parser and MessageStream
 * accumulator); everything the encoders wrote is then compiled against the SDK's types. The
 * recorded Messages captures go through the same round trip in the recorded-fixture contract,
 * test/integration/replay/recorded-contract.test.ts (the Messages kit's `recorded.roundTrip`).
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

function encodeEvents(events: CanonicalStreamEvent[]): string {
  const encoder = anthropicCodec.createStreamEncoder(
    testEncodeContext({ reasoning: { includeThoughts: true } }),
  );
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}

const start: CanonicalStreamEvent = { type: 'start', id: 'up', model: 'up-model', created: 1 };

describe('answers of other formats, through the SDK', () => {
  it('gives every kind of opaque reasoning state to the SDK in thinking signatures', async () => {
    const sse = encodeEvents([
      start,
      withGeminiSignature({ type: 'reasoning-delta', text: 'Gemini thought.' }, 'CiQBcsjafF0+/x=='),
      withResponsesReasoning(
        { type: 'reasoning-delta', text: 'OpenAI summary.' },
        'gAAAAB',
        'rs_1',
      ),
      withAnthropicRedacted({ type: 'reasoning-delta', text: '', part: 'whole' }, 'EmwKAhgB'),
      { type: 'reasoning-delta', text: 'Claude.' },
      withAnthropicSignature({ type: 'reasoning-delta', text: '', part: 'last' }, 'EqQBCgIYAhIM'),
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
    // Not vacuous: the four streams' events and the two requests above.
    expect(written.length).toBeGreaterThan(20);
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
