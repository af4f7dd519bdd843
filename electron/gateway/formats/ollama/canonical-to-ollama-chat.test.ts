import { describe, expect, it } from 'vitest';
import type { CanonicalRequest, CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import { canonicalToOllamaChat } from './canonical-to-ollama-chat.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

const base: CanonicalRequest = {
  model: 'llama3.2',
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
  sampling: {},
  stream: false,
};

const weather = { name: 'weather', description: 'Weather', parameters: { type: 'object' } };
const time = { name: 'time' };

describe('canonicalToOllamaChat', () => {
  it('always writes the stream flag, which Ollama reads as true when absent', () => {
    expect(canonicalToOllamaChat(base, testContext())).toEqual({
      model: 'llama3.2',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: false,
    });
    expect(canonicalToOllamaChat({ ...base, stream: true }, testContext()).stream).toBe(true);
  });

  it('writes sampling as options, the format, think and tools', () => {
    const ctx = testContext();
    expect(
      canonicalToOllamaChat(
        {
          ...base,
          tools: [{ ...weather, strict: true }, time],
          sampling: {
            temperature: 0.2,
            topP: 0.9,
            topK: 20,
            maxOutputTokens: 100,
            stop: ['END'],
            seed: 1,
            presencePenalty: 0.1,
            frequencyPenalty: 0.2,
          },
          responseFormat: { type: 'json-schema', schema: { type: 'object' }, name: 'answer' },
          reasoning: { effort: 'high', includeThoughts: true },
        },
        ctx,
      ),
    ).toEqual({
      model: 'llama3.2',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: false,
      tools: [
        {
          type: 'function',
          function: { name: 'weather', description: 'Weather', parameters: { type: 'object' } },
        },
        {
          type: 'function',
          function: { name: 'time', parameters: { type: 'object', properties: {} } },
        },
      ],
      format: { type: 'object' },
      think: 'high',
      options: {
        temperature: 0.2,
        top_p: 0.9,
        top_k: 20,
        num_predict: 100,
        stop: ['END'],
        seed: 1,
        presence_penalty: 0.1,
        frequency_penalty: 0.2,
      },
    });
    expect(ctx.rules).toEqual([
      'ollama.tool_strict_dropped',
      'ollama.response_schema_name_dropped',
    ]);
    expect(
      canonicalToOllamaChat({ ...base, responseFormat: { type: 'json' } }, testContext()).format,
    ).toBe('json');
  });

  it('sends no tools for choice none and only the allowed ones for an allowed subset', () => {
    const ctx = testContext();
    expect(
      canonicalToOllamaChat({ ...base, tools: [weather, time], toolChoice: { type: 'none' } }, ctx)
        .tools,
    ).toBeUndefined();
    const allowed = canonicalToOllamaChat(
      {
        ...base,
        tools: [weather, time],
        toolChoice: { type: 'allowed', mode: 'auto', names: ['time'] },
      },
      ctx,
    );
    expect(allowed.tools).toEqual([
      {
        type: 'function',
        function: { name: 'time', parameters: { type: 'object', properties: {} } },
      },
    ]);
    expect(ctx.rules).toEqual([
      'ollama.tool_choice_none_as_no_tools',
      'ollama.allowed_tools_filtered',
    ]);
  });

  it('refuses a choice that requires a call, which Ollama cannot enforce', () => {
    const choices: CanonicalToolChoice[] = [
      { type: 'required' },
      { type: 'tool', name: 'weather' },
      { type: 'allowed', mode: 'required', names: ['weather'] },
    ];
    for (const toolChoice of choices)
      expect(
        errorOf(() =>
          canonicalToOllamaChat({ ...base, tools: [weather], toolChoice }, testContext()),
        ),
      ).toMatchObject({ status: 400, param: 'tool_choice' });
  });

  it('records that parallel calls cannot be turned off', () => {
    const ctx = testContext();
    canonicalToOllamaChat({ ...base, parallelToolCalls: false }, ctx);
    expect(ctx.rules).toEqual(['ollama.parallel_tool_calls_dropped']);
  });
});
