import { describe, expect, it } from 'vitest';
import { recordedChunks, recordedFile, recordedNames } from '../../../../test/recorded-fixtures.ts';
import { chatCodec } from './chat-codec.ts';
import { withOpenAiClient } from '../../../../test/doubles/formats/chat-sdk-test-server.ts';
import {
  testContext,
  testEncodeContext,
} from '../../../../test/doubles/formats/chat-test-context.ts';

const errorBodies = recordedNames('chat', '.json').filter((name) =>
  Object.hasOwn(JSON.parse(recordedFile('chat', name)) as object, 'error'),
);

describe('chatCodec.decodeError on recorded error bodies', () => {
  it('covers every recorded error body', () => {
    expect(errorBodies.sort()).toEqual([
      'qwen-plus-malformed-replayed-tool-arguments-error.json',
      'reasoning-model-legacy-parameter-error.json',
    ]);
  });

  it('keeps status, message, code and param of the OpenAI 400', () => {
    const error = chatCodec.decodeError(
      400,
      recordedFile('chat', 'reasoning-model-legacy-parameter-error.json'),
      {},
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    );
    expect(error.code).toBe('unsupported_parameter');
    expect(error.param).toBe('max_tokens');
  });

  it('reads the vendor envelope with extra top-level fields and a null param', () => {
    const error = chatCodec.decodeError(
      400,
      recordedFile('chat', 'qwen-plus-malformed-replayed-tool-arguments-error.json'),
      { 'retry-after': '7' },
    );
    expect(error.message).toMatch(
      /^<400> InternalError\.Algo\.InvalidParameter: The "function\.arguments"/,
    );
    expect(error.code).toBe('invalid_parameter_error');
    expect(error.param).toBeUndefined();
    expect(error.retryAfterSeconds).toBe(7);
  });
});

/** What each recorded stream must come out as, through decoder → encoder → openai SDK. */
const expected: Record<string, { text: RegExp; finish: string; calls: unknown[]; total: number }> =
  {
    'openai-text.chunks.txt': {
      text: /^\*\*Holiday Name:\*\* Harmony Day[\s\S]*mutual respect\.$/,
      finish: 'stop',
      calls: [],
      total: 316,
    },
    'azure-model-router.1.chunks.txt': {
      text: /^Capital of Denmark\.$/,
      finish: 'stop',
      calls: [],
      total: 93,
    },
    'issue-13703-mistral-thinking.chunks.txt': {
      text: /^391$/,
      finish: 'stop',
      calls: [],
      total: 167,
    },
    'issue-15789-step-1.chunks.txt': {
      text: /^PRE_TOOL$/,
      finish: 'tool_calls',
      calls: [
        {
          id: 'call_NZa7xqfefoaMI2YYHowVXVlU',
          type: 'function',
          function: { name: 'weather', arguments: '{}' },
        },
      ],
      total: 70,
    },
    'issue-15789-step-2.chunks.txt': {
      text: /^POST_TOOL$/,
      finish: 'stop',
      calls: [],
      total: 88,
    },
    'xai-tool-call.chunks.txt': {
      text: /^$/,
      finish: 'tool_calls',
      calls: [
        {
          id: 'call_79382389',
          type: 'function',
          function: { name: 'weather', arguments: '{"location":"San Francisco"}' },
        },
      ],
      total: 560,
    },
  };

describe('chatCodec: recorded upstream streams replayed to an openai SDK client', () => {
  it('has an expectation for every recorded stream', () => {
    expect(Object.keys(expected).sort()).toEqual(recordedNames('chat', '.chunks.txt').sort());
  });

  it.each(Object.keys(expected))('%s', async (name) => {
    const want = expected[name]!;
    const decoder = chatCodec.createStreamDecoder(testContext());
    const encoder = chatCodec.createStreamEncoder(
      testEncodeContext({ model: 'alias', streamIncludeUsage: true }),
    );
    let sse = '';
    for (const data of [...recordedChunks('chat', name), '[DONE]'])
      for (const event of decoder.push({ data })) sse += encoder.encode(event);
    for (const event of decoder.end()) sse += encoder.encode(event);
    sse += encoder.end();

    const { completion, usageTotal } = await withOpenAiClient({ sse }, async (client) => {
      const runner = client.chat.completions.stream({
        model: 'alias',
        messages: [{ role: 'user', content: 'x' }],
        stream_options: { include_usage: true },
      });
      let total: number | undefined;
      runner.on('chunk', (chunk) => {
        if (chunk.usage) total = chunk.usage.total_tokens;
      });
      return { completion: await runner.finalChatCompletion(), usageTotal: () => total };
    });
    const choice = completion.choices[0];
    expect(completion.id).toBe('chatcmpl-gateway1');
    expect(completion.model).toBe('alias');
    expect(choice?.message.content ?? '').toMatch(want.text);
    expect(choice?.finish_reason).toBe(want.finish);
    expect(choice?.message.tool_calls ?? []).toEqual(want.calls);
    expect(usageTotal()).toBe(want.total);
  });
});

describe('chatCodec requests', () => {
  it('decodes a client body and encodes it for a chat upstream', () => {
    const ctx = testContext();
    const body = {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      metadata: { a: 'b' },
    };
    const canonical = chatCodec.decodeRequest(body, ctx, chatCodec.readEnvelope(body, {}));
    expect(chatCodec.encodeRequest(canonical, ctx)).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(ctx.rules).toEqual(['chat.metadata_dropped']);
  });

  it('decodes a recorded body and encodes it for a chat client', () => {
    const ctx = testEncodeContext({ model: 'alias' });
    const body = chatCodec.encodeResponse(
      chatCodec.decodeResponse(JSON.parse(recordedFile('chat', 'openai-text.json')), ctx),
      ctx,
    ) as { id: string; model: string; choices: { message: { content: string } }[] };
    expect(body.id).toBe('chatcmpl-gateway1');
    expect(body.model).toBe('alias');
    expect(body.choices[0]?.message.content).toMatch(/^\*\*Holiday Name:\*\* Galaxy Day/);
  });
});
