import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { chatRequestToCanonical } from './chat-request-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

const answerSchema = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
};
const weatherParams = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

/** The request */
const protocolExample = {
  model: 'gpt-4o',
  messages: [
    { role: 'developer', content: 'Answer briefly.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: "What is in this picture, and what's the weather in Paris?" },
        {
          type: 'image_url',
          image_url: { url: 'data:image/png;base64,iVBORw0KGgo', detail: 'auto' },
        },
      ],
    },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_abc',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'call_abc', content: '{"temp_c":18}' },
  ],
  tools: [
    {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Current weather',
        parameters: weatherParams,
        strict: false,
      },
    },
  ],
  tool_choice: 'auto',
  response_format: {
    type: 'json_schema',
    json_schema: { name: 'answer', strict: true, schema: answerSchema },
  },
  temperature: 0.2,
  top_p: 1,
  max_completion_tokens: 512,
  stop: ['\n\n'],
  n: 1,
  seed: 42,
  stream: true,
  stream_options: { include_usage: true },
  user: 'user-123',
  reasoning_effort: 'low',
};

describe('chatRequestToCanonical', () => {
  it('decodes the documented example request', () => {
    const ctx = testContext();
    const request = chatRequestToCanonical(protocolExample, ctx);
    expect(request).toEqual({
      model: 'gpt-4o',
      system: 'Answer briefly.',
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: "What is in this picture, and what's the weather in Paris?" },
            {
              type: 'image',
              source: { kind: 'data', mimeType: 'image/png', data: 'iVBORw0KGgo' },
              detail: 'auto',
            },
          ],
        },
        {
          role: 'assistant',
          parts: [
            {
              type: 'tool-call',
              id: 'call_abc',
              name: 'get_weather',
              arguments: '{"city":"Paris"}',
            },
          ],
        },
        {
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              callId: 'call_abc',
              name: 'get_weather',
              content: '{"temp_c":18}',
            },
          ],
        },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Current weather',
          parameters: weatherParams,
          strict: false,
        },
      ],
      toolChoice: { type: 'auto' },
      sampling: {
        temperature: 0.2,
        topP: 1,
        maxOutputTokens: 512,
        stop: ['\n\n'],
        seed: 42,
      },
      responseFormat: { type: 'json-schema', schema: answerSchema, name: 'answer', strict: true },
      reasoning: { effort: 'low' },
      stream: true,
      streamIncludeUsage: true,
    });
    expect(ctx.rules).toEqual(['chat.user_dropped']);
  });

  it('reads max_tokens when max_completion_tokens is absent, a string stop and penalties', () => {
    const request = chatRequestToCanonical(
      {
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        max_tokens: 100,
        stop: 'END',
        presence_penalty: 0.5,
        frequency_penalty: -0.5,
        parallel_tool_calls: false,
        logprobs: false,
        modalities: ['text'],
        stream_options: null,
      },
      testContext(),
    );
    expect(request.sampling).toEqual({
      maxOutputTokens: 100,
      stop: ['END'],
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
    });
    expect(request.parallelToolCalls).toBe(false);
    expect(request.stream).toBe(false);
    expect(request.streamIncludeUsage).toBeUndefined();
  });

  it('prefers max_completion_tokens over max_tokens under a rule', () => {
    const ctx = testContext();
    const request = chatRequestToCanonical(
      {
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        max_tokens: 9,
        max_completion_tokens: 99,
      },
      ctx,
    );
    expect(request.sampling.maxOutputTokens).toBe(99);
    expect(ctx.rules).toEqual(['chat.max_tokens_superseded']);
  });

  it('drops include_obfuscation and does not ask for usage unless told', () => {
    const ctx = testContext();
    const request = chatRequestToCanonical(
      {
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_obfuscation: false },
      },
      ctx,
    );
    expect(request.streamIncludeUsage).toBeUndefined();
    expect(ctx.rules).toEqual(['chat.include_obfuscation_dropped']);
  });

  it.each([
    [{ n: 2 }, 'n', /one candidate/],
    [{ logprobs: true }, 'logprobs', /log probabilities/],
    [{ top_logprobs: 3 }, 'top_logprobs', /log probabilities/],
    [{ modalities: ['text', 'audio'] }, 'modalities', /only text/],
    [{ logit_bias: { '50256': -100 } }, 'logit_bias', /logit bias/],
    [{ function_call: 'auto' }, 'function_call', /use tool_choice/],
    [{ reasoning_effort: 'extreme' }, 'reasoning_effort', /expected one of/],
    [{ temperature: 'hot' }, 'temperature', /number/],
  ])('refuses %j naming %s', (extra, param, message) => {
    const error = errorOf(() =>
      chatRequestToCanonical(
        { model: 'm', messages: [{ role: 'user', content: 'hi' }], ...extra },
        testContext(),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });
});
