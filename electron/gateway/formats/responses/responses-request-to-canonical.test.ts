import { describe, expect, it } from 'vitest';
import type { StoredConversation } from '../../canonical/conversion-context.ts';
import { geminiCodec } from '../gemini/gemini-codec.ts';
import { canonicalToResponsesInput } from './canonical-to-responses-input.ts';
import { responsesRequestToCanonical } from './responses-request-to-canonical.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

describe('responses request → canonical', () => {
  it('reads the documented example request', () => {
    const ctx = testContext();
    const request = responsesRequestToCanonical(
      {
        model: 'gpt-4.1',
        instructions: 'Answer briefly.',
        input: [
          {
            role: 'user',
            content: [
              {
                type: 'input_text',
                text: "What is in this picture, and what's the weather in Paris?",
              },
              {
                type: 'input_image',
                image_url: 'data:image/png;base64,iVBORw0KGgo',
                detail: 'auto',
              },
            ],
          },
          {
            type: 'function_call',
            call_id: 'call_abc',
            name: 'get_weather',
            arguments: '{"city":"Paris"}',
          },
          { type: 'function_call_output', call_id: 'call_abc', output: '{"temp_c":18}' },
        ],
        tools: [
          {
            type: 'function',
            name: 'get_weather',
            description: 'Current weather',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' } },
              required: ['city'],
            },
            strict: false,
          },
        ],
        tool_choice: 'auto',
        parallel_tool_calls: true,
        text: {
          format: { type: 'json_schema', name: 'answer', strict: true, schema: { type: 'object' } },
        },
        temperature: 0.2,
        top_p: 1,
        max_output_tokens: 512,
        reasoning: { effort: 'low', summary: 'auto' },
        store: false,
        metadata: { trace_id: 't-1' },
        stream: true,
      },
      ctx,
    );
    expect(request).toEqual({
      model: 'gpt-4.1',
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
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
          strict: false,
        },
      ],
      toolChoice: { type: 'auto' },
      parallelToolCalls: true,
      sampling: { temperature: 0.2, topP: 1, maxOutputTokens: 512 },
      responseFormat: {
        type: 'json-schema',
        name: 'answer',
        strict: true,
        schema: { type: 'object' },
      },
      reasoning: { effort: 'low', includeThoughts: true },
      stream: true,
    });
    expect(ctx.rules).toEqual(['responses.metadata_dropped']);
  });

  it('puts instructions before leading system messages, joined by blank lines', () => {
    const request = responsesRequestToCanonical(
      {
        model: 'm',
        instructions: 'A',
        input: [
          { role: 'system', content: 'B' },
          { role: 'user', content: 'hi' },
        ],
      },
      testContext(),
    );
    expect(request.system).toBe('A\n\nB');
    expect(request.stream).toBe(false);
  });

  it('prepends the stored conversation of previous_response_id', () => {
    const ctx = testContext();
    ctx.responseMap.set('resp_prev', {
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'Hello!' }] },
      ],
    });
    const request = responsesRequestToCanonical(
      { model: 'm', previous_response_id: 'resp_prev', input: 'And now?' },
      ctx,
    );
    expect(request.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(request.system).toBeUndefined();
  });

  it('replays the state of a conversation stored by the previous version, byte-exact', () => {
    const ctx = testContext();
    // As stored before opaque state moved into `state`: vendor-named fields, read from JSON.
    ctx.responseMap.set(
      'resp_old',
      JSON.parse(
        JSON.stringify({
          messages: [
            { role: 'user', parts: [{ type: 'text', text: 'Weather?' }] },
            {
              role: 'assistant',
              parts: [
                { type: 'reasoning', text: '', encrypted: 'gAAAAB+/==', id: 'rs_1' },
                {
                  type: 'tool-call',
                  id: 'call_1',
                  name: 'f',
                  arguments: '{}',
                  signature: 'Eq0E/=',
                },
              ],
            },
          ],
        }),
      ) as StoredConversation,
    );
    const request = responsesRequestToCanonical(
      {
        model: 'm',
        previous_response_id: 'resp_old',
        input: [{ type: 'function_call_output', call_id: 'call_1', output: '18C' }],
      },
      ctx,
    );
    const gemini = geminiCodec.encodeRequest(request, ctx) as {
      contents: { parts: Record<string, unknown>[] }[];
    };
    expect(gemini.contents[1]?.parts).toEqual([
      { functionCall: { name: 'f', args: {} }, thoughtSignature: 'Eq0E/=' },
    ]);
    const responses = canonicalToResponsesInput(request.messages, ctx);
    expect(responses[1]).toEqual({
      type: 'reasoning',
      id: 'rs_1',
      summary: [],
      encrypted_content: 'gAAAAB+/==',
    });
  });

  it('answers an unknown previous_response_id with previous_response_not_found', () => {
    const error = gatewayErrorOf(() =>
      responsesRequestToCanonical(
        { model: 'm', previous_response_id: 'resp_gone', input: 'x' },
        testContext(),
      ),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'previous_response_not_found',
      param: 'previous_response_id',
    });
  });

  it('drops hints under their rules', () => {
    const ctx = testContext();
    responsesRequestToCanonical(
      {
        model: 'm',
        input: 'x',
        user: 'u',
        safety_identifier: 's',
        prompt_cache_key: 'k',
        prompt_cache_retention: '24h',
        service_tier: 'auto',
        include: ['reasoning.encrypted_content'],
        truncation: 'auto',
        stream_options: { include_obfuscation: false },
      },
      ctx,
    );
    expect(ctx.rules.sort()).toEqual([
      'responses.include_dropped',
      'responses.prompt_cache_dropped',
      'responses.safety_identifier_dropped',
      'responses.service_tier_dropped',
      'responses.stream_options_dropped',
      'responses.truncation_dropped',
      'responses.user_dropped',
    ]);
  });

  it.each([
    ['conversation', 'conv_1'],
    ['background', true],
    ['prompt', { id: 'pmpt_1' }],
    ['max_tool_calls', 3],
    ['top_logprobs', 5],
    ['n', 2],
  ])('refuses %s, naming it', (field, value) => {
    const error = gatewayErrorOf(() =>
      responsesRequestToCanonical({ model: 'm', input: 'x', [field]: value }, testContext()),
    );
    expect(error).toMatchObject({ status: 400, param: field });
  });

  it('accepts refused features spelled out at their default', () => {
    expect(() =>
      responsesRequestToCanonical(
        { model: 'm', input: 'x', background: false, top_logprobs: 0, conversation: null },
        testContext(),
      ),
    ).not.toThrow();
  });

  it('names a parameter of the wrong type', () => {
    expect(
      gatewayErrorOf(() =>
        responsesRequestToCanonical({ model: 'm', input: 'x', temperature: '0.2' }, testContext()),
      ).param,
    ).toBe('temperature');
  });
});
