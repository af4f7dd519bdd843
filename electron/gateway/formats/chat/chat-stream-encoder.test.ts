import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { withOpenAiClient } from '../../../../test/doubles/formats/chat-sdk-test-server.ts';
import { createChatStreamEncoder } from './chat-stream-encoder.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { testEncodeContext } from '../../../../test/doubles/formats/chat-test-context.ts';

function encode(
  events: CanonicalStreamEvent[],
  ctx = testEncodeContext({ model: 'client-model' }),
): string {
  const encoder = createChatStreamEncoder(ctx);
  return events.map((e) => encoder.encode(e)).join('') + encoder.end();
}

/** The JSON payloads of an SSE text, checking chat's framing on the way. */
function payloads(sse: string): unknown[] {
  expect(sse.endsWith('\n\n')).toBe(true);
  return sse
    .slice(0, -2)
    .split('\n\n')
    .map((record) => {
      expect(record.startsWith('data: ')).toBe(true);
      expect(record.includes('\n')).toBe(false);
      const data = record.slice('data: '.length);
      return data === '[DONE]' ? data : JSON.parse(data);
    });
}

const usage = {
  inputTokens: 12,
  outputTokens: 9,
  totalTokens: 21,
  cachedInputTokens: 2,
  reasoningTokens: 4,
};

const toolAnswer: CanonicalStreamEvent[] = [
  { type: 'start', id: 'upstream-id', model: 'upstream-model', created: 1750097777 },
  { type: 'reasoning-delta', text: 'Need weather' },
  withGeminiSignature({ type: 'reasoning-delta', text: ' twice.' }, 'THOUGHT-SIG'),
  { type: 'text-delta', text: 'Checking.' },
  { type: 'tool-call-start', index: 0, id: 'call_a', name: 'weather' },
  { type: 'tool-call-start', index: 1, id: 'call_b', name: 'weather' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city":"Lyon"}' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
  withGeminiSignature({ type: 'tool-call-end', index: 0 }, 'Eq0ECqoE'),
  { type: 'tool-call-end', index: 1 },
  { type: 'usage', usage },
  { type: 'finish', reason: 'tool_calls' },
];

describe('chat stream encoder: wire shape', () => {
  it('writes the text stream with a role delta, usage chunk and [DONE]', () => {
    const sse = encode(
      [
        { type: 'start', id: 'x', model: 'y', created: 1750097777 },
        { type: 'text-delta', text: 'Hel' },
        { type: 'text-delta', text: 'lo' },
        { type: 'finish', reason: 'stop' },
        { type: 'usage', usage },
      ],
      testEncodeContext({ model: 'gpt-4o', streamIncludeUsage: true }),
    );
    const head = {
      id: 'chatcmpl-gateway1',
      object: 'chat.completion.chunk',
      created: 1750097777,
      model: 'gpt-4o',
    };
    const choice = (delta: unknown, finish: string | null = null) => ({
      ...head,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      usage: null,
    });
    expect(payloads(sse)).toEqual([
      choice({ role: 'assistant', content: '' }),
      choice({ content: 'Hel' }),
      choice({ content: 'lo' }),
      choice({}, 'stop'),
      {
        ...head,
        choices: [],
        usage: {
          prompt_tokens: 12,
          completion_tokens: 9,
          total_tokens: 21,
          prompt_tokens_details: { cached_tokens: 2 },
          completion_tokens_details: { reasoning_tokens: 4 },
        },
      },
      '[DONE]',
    ]);
    expect(sse).not.toMatch(/^event:/m);
  });

  it('leaves the usage chunk out when the client did not ask for it', () => {
    const all = payloads(encode(toolAnswer, testEncodeContext({ streamIncludeUsage: false })));
    expect(all.at(-1)).toBe('[DONE]');
    expect(
      all.filter((p) => typeof p === 'object' && (p as { choices: [] }).choices.length === 0),
    ).toEqual([]);
  });

  it('writes tool-call header and argument deltas in chat form', () => {
    const all = payloads(encode(toolAnswer)) as { choices: { delta: unknown }[] }[];
    const deltas = all.slice(0, -1).map((p) => p.choices[0]?.delta);
    expect(deltas).toEqual([
      { role: 'assistant', content: '' },
      { reasoning_content: 'Need weather' },
      { reasoning_content: ' twice.' },
      { content: 'Checking.' },
      {
        tool_calls: [
          {
            index: 0,
            id: 'call_a',
            type: 'function',
            function: { name: 'weather', arguments: '' },
          },
        ],
      },
      {
        tool_calls: [
          {
            index: 1,
            id: 'call_b',
            type: 'function',
            function: { name: 'weather', arguments: '' },
          },
        ],
      },
      { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] },
      { tool_calls: [{ index: 1, function: { arguments: '{"city":"Lyon"}' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] },
      {},
    ]);
  });

  it('writes no opaque state: chat has no field for it', () => {
    const sse = encode(toolAnswer);
    expect(sse).not.toContain('THOUGHT-SIG');
    expect(sse).not.toContain('Eq0ECqoE');
  });

  it('writes a finish chunk in end() when none came: tool_calls after calls, else stop', () => {
    const withCalls = payloads(
      encode([
        { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
        { type: 'tool-call-end', index: 0 },
      ]),
    ) as { choices: { finish_reason: string | null }[] }[];
    expect(withCalls.at(-2)?.choices[0]?.finish_reason).toBe('tool_calls');
    const empty = payloads(encode([]));
    expect(empty).toHaveLength(3);
    expect((empty[0] as { choices: { delta: unknown }[] }).choices[0]?.delta).toEqual({
      role: 'assistant',
      content: '',
    });
    expect((empty[1] as { choices: { finish_reason: string }[] }).choices[0]?.finish_reason).toBe(
      'stop',
    );
  });

  it('ends with the error record and nothing after it', () => {
    const sse = encode([
      { type: 'start', id: 'x', model: 'y', created: 1 },
      { type: 'text-delta', text: 'Hi' },
      { type: 'error', status: 503, message: 'Upstream overloaded', code: 'server_error' },
      { type: 'text-delta', text: 'late' },
    ]);
    const all = payloads(sse);
    expect(all.at(-1)).toEqual({
      error: {
        message: 'Upstream overloaded',
        type: 'server_error',
        param: null,
        code: 'server_error',
      },
    });
    expect(sse).not.toContain('[DONE]');
    expect(sse).not.toContain('late');
  });

  it('writes an error finish as stop under a rule', () => {
    const ctx = testEncodeContext();
    const all = payloads(encode([{ type: 'finish', reason: 'error' }], ctx)) as {
      choices: { finish_reason: string | null }[];
    }[];
    expect(all[1]?.choices[0]?.finish_reason).toBe('stop');
    expect(ctx.rules).toEqual(['chat.error_finish_as_stop']);
  });
});

describe('chat stream encoder: accepted by the openai SDK', () => {
  it('chat.completions.stream() assembles text, reasoning and parallel tool calls', async () => {
    const sse = encode(toolAnswer);
    const completion = await withOpenAiClient({ sse }, (client) =>
      client.chat.completions
        .stream({ model: 'client-model', messages: [{ role: 'user', content: 'Weather?' }] })
        .finalChatCompletion(),
    );
    expect(completion.id).toBe('chatcmpl-gateway1');
    expect(completion.model).toBe('client-model');
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBe('Checking.');
    // The helper assigns unknown delta fields instead of appending them (openai 7.55
    // `assignOwnProperties`), so only the last reasoning fragment survives in the snapshot;
    // raw chunk consumers get every fragment (next test).
    expect((choice?.message as unknown as { reasoning_content: string }).reasoning_content).toBe(
      ' twice.',
    );
    expect(choice?.message.tool_calls).toEqual([
      {
        id: 'call_a',
        type: 'function',
        function: { name: 'weather', arguments: '{"city":"Paris"}' },
      },
      {
        id: 'call_b',
        type: 'function',
        function: { name: 'weather', arguments: '{"city":"Lyon"}' },
      },
    ]);
  });

  it('a raw stream ends with the usage chunk the client asked for', async () => {
    const sse = encode(toolAnswer, testEncodeContext({ streamIncludeUsage: true }));
    const chunks = await withOpenAiClient({ sse }, async (client) => {
      const stream = await client.chat.completions.create({
        model: 'client-model',
        messages: [{ role: 'user', content: 'Weather?' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const seen = [];
      for await (const c of stream) seen.push(c);
      return seen;
    });
    const reasoning = chunks
      .map(
        (c) =>
          (c.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ??
          '',
      )
      .join('');
    expect(reasoning).toBe('Need weather twice.');
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage?.total_tokens).toBe(21);
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('the helper resolves a stream that got no finish and no events', async () => {
    const completion = await withOpenAiClient({ sse: encode([]) }, (client) =>
      client.chat.completions
        .stream({ model: 'client-model', messages: [{ role: 'user', content: 'x' }] })
        .finalChatCompletion(),
    );
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.choices[0]?.message.role).toBe('assistant');
  });

  it('the SDK throws APIError on the error record', async () => {
    const sse = encode([
      { type: 'start', id: 'x', model: 'y', created: 1 },
      { type: 'text-delta', text: 'partial' },
      {
        type: 'error',
        status: 500,
        message: 'The upstream stream ended before the answer was finished.',
      },
    ]);
    const outcome = await withOpenAiClient({ sse }, async (client) => {
      try {
        await client.chat.completions
          .stream({ model: 'client-model', messages: [{ role: 'user', content: 'x' }] })
          .finalChatCompletion();
        return undefined;
      } catch (error) {
        return error;
      }
    });
    expect(outcome).toBeInstanceOf(APIError);
    expect((outcome as APIError).message).toMatch(/ended before the answer was finished/);
  });
});
