import { describe, expect, it } from 'vitest';
import { recordedFile, recordedNames } from '../../../../test/recorded-fixtures.ts';
import { responsesResponseToCanonical } from './responses-response-to-canonical.ts';
import { withResponsesReasoning } from './responses-state.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

const body = (name: string): unknown => JSON.parse(recordedFile('responses', name));
/** Error envelopes have an `error` object; response objects have `error: null`. */
const isErrorBody = (name: string) => (body(name) as { error?: unknown }).error != null;
const successBodies = recordedNames('responses', '.json').filter((name) => !isErrorBody(name));

describe('responses response → canonical, recorded bodies', () => {
  it('has the success bodies it expects', () => {
    expect(successBodies.sort()).toEqual([
      'azure-text.1.json',
      'azure-tool-call.1.json',
      'issue-7082-o3-optional-tool-parameters.json',
      'openai-reasoning-encrypted-content.1.json',
    ]);
  });

  it('azure-text: text and stop', () => {
    expect(responsesResponseToCanonical(body('azure-text.1.json'), testContext())).toEqual({
      id: 'resp_0d6bb044bb6ff37200698c51948054819385e24e2ad931ae6e',
      model: 'gpt-5.1',
      created: 1770803604,
      parts: [{ type: 'text', text: 'Word' }],
      finishReason: 'stop',
      usage: {
        inputTokens: 11,
        outputTokens: 11,
        totalTokens: 22,
        cachedInputTokens: 0,
        reasoningTokens: 0,
      },
    });
  });

  it('azure-tool-call: a call with the call_id as id, and tool_calls', () => {
    const response = responsesResponseToCanonical(body('azure-tool-call.1.json'), testContext());
    expect(response.parts).toEqual([
      {
        type: 'tool-call',
        id: 'call_YunNGbIwdVJ2i0y0Mybva4Pw',
        name: 'weather',
        arguments: '{"location":"San Francisco"}',
      },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toMatchObject({ inputTokens: 45, outputTokens: 24, totalTokens: 69 });
  });

  it('issue-7082: reasoning then a call; the reasoning item is stored byte-exact for that call', () => {
    const ctx = testContext();
    const response = responsesResponseToCanonical(
      body('issue-7082-o3-optional-tool-parameters.json'),
      ctx,
    );
    expect(response.parts).toEqual([
      withResponsesReasoning(
        { type: 'reasoning', text: '' },
        '[redacted]',
        'rs_08c7eac45286fefb006a5f41bc7b8881a3a8cc432451e96393',
      ),
      {
        type: 'tool-call',
        id: 'call_2mhz5FtwkZnzXQkTOMtYZpZH',
        name: 'semantic_scholar_search',
        arguments: '{"query":"machine learning","limit":10,"offset":0,"year":0}',
      },
    ]);
    expect(ctx.stateMap.get('rs:call_2mhz5FtwkZnzXQkTOMtYZpZH')).toBe(
      '{"id":"rs_08c7eac45286fefb006a5f41bc7b8881a3a8cc432451e96393","type":"reasoning","content":[],"encrypted_content":"[redacted]","summary":[]}',
    );
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toEqual({
      inputTokens: 114,
      outputTokens: 88,
      totalTokens: 202,
      cachedInputTokens: 0,
      reasoningTokens: 0,
    });
  });

  it('openai-reasoning-encrypted-content: summary text, encrypted content kept exactly, and the answer', () => {
    const raw = body('openai-reasoning-encrypted-content.1.json') as {
      output: [{ encrypted_content: string; summary: [{ text: string }] }];
    };
    const ctx = testContext();
    const response = responsesResponseToCanonical(raw, ctx);
    expect(response.parts).toEqual([
      withResponsesReasoning(
        { type: 'reasoning', text: raw.output[0].summary[0].text },
        raw.output[0].encrypted_content,
        'rs_0f35ed53160b395301693cc95817ac8190b978637daea4987e',
      ),
      { type: 'text', text: '12 + 7 = 19\n19 × 3 = 57\n57 × 10 = 570\n\nFinal result: 570' },
    ]);
    expect(response.finishReason).toBe('stop');
    expect(response.usage?.reasoningTokens).toBe(128);
    // No call followed the reasoning: nothing to keep for later.
    expect(ctx.stateMap.size).toBe(0);
  });
});

describe('responses response → canonical, other shapes', () => {
  it('maps incomplete and failed statuses, refusals, and records unknown items', () => {
    const ctx = testContext();
    const response = responsesResponseToCanonical(
      {
        id: 'resp_1',
        model: 'm',
        created_at: 1,
        status: 'incomplete',
        incomplete_details: { reason: 'content_filter' },
        output: [
          { type: 'message', content: [{ type: 'refusal', refusal: 'No.' }] },
          { type: 'web_search_call', id: 'ws_1' },
        ],
      },
      ctx,
    );
    expect(response.parts).toEqual([{ type: 'refusal', text: 'No.' }]);
    expect(response.finishReason).toBe('content_filter');
    expect(response.usage).toBeUndefined();
    expect(ctx.rules).toEqual(['responses.unknown_output_item_dropped']);
    const failed = responsesResponseToCanonical(
      { id: 'r', status: 'failed', output: [] },
      testContext(),
    );
    expect(failed.finishReason).toBe('error');
  });

  it('stores reasoning for every call after it, not for calls after a later plain reasoning item', () => {
    const ctx = testContext();
    responsesResponseToCanonical(
      {
        status: 'completed',
        output: [
          { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'E1' },
          { type: 'function_call', call_id: 'a', name: 'f', arguments: '{}' },
          { type: 'function_call', call_id: 'b', name: 'f', arguments: '{}' },
          { type: 'reasoning', id: 'rs_2', summary: [{ type: 'summary_text', text: 't' }] },
          { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' },
        ],
      },
      ctx,
    );
    expect([...ctx.stateMap.keys()]).toEqual(['rs:a', 'rs:b']);
  });

  it('refuses a body that is not a response', () => {
    expect(
      gatewayErrorOf(() => responsesResponseToCanonical({ error: {} }, testContext())).status,
    ).toBe(502);
  });
});
