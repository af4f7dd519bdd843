import { describe, expect, it } from 'vitest';
import type { CanonicalMessage } from '../../canonical/canonical-request.ts';
import { responsesInputToCanonical } from './responses-input-to-canonical.ts';
import { withResponsesReasoning } from './responses-state.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

const decode = (input: unknown, history: CanonicalMessage[] = [], ctx = testContext()) =>
  responsesInputToCanonical(input, history, ctx);

describe('responses input → canonical turns', () => {
  it('reads a string input as one user turn', () => {
    expect(decode('Hello')).toEqual({
      systemTexts: [],
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello' }] }],
    });
  });

  it('joins leading system/developer messages to the system text; later ones stay system turns', () => {
    const result = decode([
      { role: 'developer', content: 'Be brief.' },
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Use metric.' }] },
      { role: 'user', content: 'Hi' },
      { role: 'system', content: 'Now answer in French.' },
    ]);
    expect(result.systemTexts).toEqual(['Be brief.', 'Use metric.']);
    expect(result.messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      { role: 'system', parts: [{ type: 'text', text: 'Now answer in French.' }] },
    ]);
  });

  it('groups reasoning, an assistant message and the calls after it into one assistant turn', () => {
    const ctx = testContext();
    const { messages } = decode(
      [
        { role: 'user', content: 'Weather in Paris and Lyon?' },
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [
            { type: 'summary_text', text: 'Two cities.' },
            { type: 'summary_text', text: 'Call twice.' },
          ],
          encrypted_content: 'gAAAA-opaque',
        },
        {
          type: 'message',
          role: 'assistant',
          id: 'msg_1',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Checking.', annotations: [] }],
        },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_a',
          name: 'weather',
          arguments: '{"city":"Paris"}',
          status: 'completed',
        },
        { type: 'function_call', call_id: 'call_b', name: 'weather', arguments: '{"city":"Lyon"}' },
        { type: 'function_call_output', call_id: 'call_a', output: '18C' },
        {
          type: 'function_call_output',
          call_id: 'call_b',
          output: [
            { type: 'input_text', text: '20' },
            { type: 'input_text', text: 'C' },
          ],
        },
      ],
      [],
      ctx,
    );
    expect(messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris and Lyon?' }] },
      {
        role: 'assistant',
        parts: [
          withResponsesReasoning(
            { type: 'reasoning', text: 'Two cities.\n\nCall twice.' },
            'gAAAA-opaque',
            'rs_1',
          ),
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: 'call_a', name: 'weather', arguments: '{"city":"Paris"}' },
          { type: 'tool-call', id: 'call_b', name: 'weather', arguments: '{"city":"Lyon"}' },
        ],
      },
      {
        role: 'tool',
        parts: [
          { type: 'tool-result', callId: 'call_a', name: 'weather', content: '18C' },
          { type: 'tool-result', callId: 'call_b', name: 'weather', content: '20\nC' },
        ],
      },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('resolves a result name from the stored conversation, where system messages are no longer leading', () => {
    const history: CanonicalMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'Go' }] },
      {
        role: 'assistant',
        parts: [{ type: 'tool-call', id: 'call_old', name: 'lookup', arguments: '{}' }],
      },
    ];
    const result = decode(
      [
        { role: 'developer', content: 'Mind the units.' },
        { type: 'function_call_output', call_id: 'call_old', output: '42' },
      ],
      history,
    );
    expect(result.systemTexts).toEqual([]);
    expect(result.messages).toEqual([
      { role: 'system', parts: [{ type: 'text', text: 'Mind the units.' }] },
      {
        role: 'tool',
        parts: [{ type: 'tool-result', callId: 'call_old', name: 'lookup', content: '42' }],
      },
    ]);
  });

  it('refuses a result whose call is nowhere in the conversation', () => {
    const error = gatewayErrorOf(() =>
      decode([
        { type: 'function_call_output', call_id: 'call_SjdIRQnfceiXp0D5eZCcjlxW', output: 'x' },
      ]),
    );
    expect(error.status).toBe(400);
    expect(error.param).toBe('input.0.call_id');
    expect(error.message).toBe(
      'No tool call found for function call output with call_id call_SjdIRQnfceiXp0D5eZCcjlxW.',
    );
  });

  it('records the phase rule and carries item ids without a rule', () => {
    const ctx = testContext();
    decode(
      [
        {
          type: 'message',
          role: 'assistant',
          id: 'msg_1',
          phase: 'final_answer',
          content: 'Done.',
        },
      ],
      [],
      ctx,
    );
    expect(ctx.rules).toEqual(['responses.phase_dropped']);
  });

  it('drops items a hosted tool left in the history, naming them', () => {
    const ctx = testContext();
    const { messages } = responsesInputToCanonical(
      [
        { role: 'user', content: 'Search it.' },
        { type: 'web_search_call', id: 'ws', status: 'completed' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Found.' }] },
      ],
      [],
      ctx,
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(ctx.dropped).toEqual(['input.1']);
  });

  it('carries custom tool calls and namespaced calls as function calls', () => {
    const { messages } = decode([
      { role: 'user', content: 'Patch it.' },
      { type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: '*** Begin Patch' },
      {
        type: 'function_call',
        call_id: 'c2',
        name: 'lookup',
        namespace: 'crm',
        arguments: '{"id":1}',
      },
      { type: 'custom_tool_call_output', call_id: 'c1', output: 'Done' },
      { type: 'function_call_output', call_id: 'c2', output: '{"name":"Ada"}' },
    ]);
    expect(messages.slice(1)).toEqual([
      {
        role: 'assistant',
        parts: [
          {
            type: 'tool-call',
            id: 'c1',
            name: 'apply_patch',
            arguments: '{"input":"*** Begin Patch"}',
          },
          { type: 'tool-call', id: 'c2', name: 'crm__lookup', arguments: '{"id":1}' },
        ],
      },
      {
        role: 'tool',
        parts: [
          { type: 'tool-result', callId: 'c1', name: 'apply_patch', content: 'Done' },
          { type: 'tool-result', callId: 'c2', name: 'crm__lookup', content: '{"name":"Ada"}' },
        ],
      },
    ]);
  });

  it('refuses item references and files inside tool output', () => {
    expect(gatewayErrorOf(() => decode([{ type: 'item_reference', id: 'msg_1' }])).param).toBe(
      'input.0',
    );
    expect(
      gatewayErrorOf(() =>
        decode([
          { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' },
          {
            type: 'function_call_output',
            call_id: 'c',
            output: [{ type: 'input_file', file_id: 'file_1' }],
          },
        ]),
      ).param,
    ).toBe('input.1.output.0.type');
    expect(
      gatewayErrorOf(() => decode([{ type: 'function_call', name: 'f', arguments: '{}' }])).param,
    ).toBe('input.0.call_id');
    expect(gatewayErrorOf(() => decode([{ role: 'tool', content: 'x' }])).param).toBe(
      'input.0.role',
    );
  });

  it('keeps the images of a tool output in its result, beside the text (Codex view_image)', () => {
    const ctx = testContext();
    const png = 'data:image/png;base64,iVBORw0K';
    const { messages } = decode(
      [
        { type: 'function_call', call_id: 'c1', name: 'view_image', arguments: '{}' },
        { type: 'function_call', call_id: 'c2', name: 'shell', arguments: '{}' },
        {
          type: 'function_call_output',
          call_id: 'c1',
          output: [
            { type: 'input_text', text: 'shot.png' },
            { type: 'input_image', image_url: png },
            { type: 'input_text', text: '1 x 1' },
            { type: 'input_image', image_url: 'https://example.com/b.png', detail: 'low' },
          ],
        },
        { type: 'function_call_output', call_id: 'c2', output: 'ok' },
        { role: 'user', content: 'What do you see?' },
      ],
      [],
      ctx,
    );
    expect(messages.slice(1)).toEqual([
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            callId: 'c1',
            name: 'view_image',
            content: 'shot.png\n1 x 1',
            images: [
              { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBORw0K' } },
              {
                type: 'image',
                source: { kind: 'url', url: 'https://example.com/b.png' },
                detail: 'low',
              },
            ],
          },
          { type: 'tool-result', callId: 'c2', name: 'shell', content: 'ok' },
        ],
      },
      { role: 'user', parts: [{ type: 'text', text: 'What do you see?' }] },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('keeps a text-only output list as its lines, without images', () => {
    const { messages } = decode([
      { type: 'function_call', call_id: 'c1', name: 'shell', arguments: '{}' },
      {
        type: 'function_call_output',
        call_id: 'c1',
        output: [
          { type: 'input_text', text: 'sunny' },
          { type: 'input_text', text: 'warm' },
        ],
      },
    ]);
    expect(messages[1]).toEqual({
      role: 'tool',
      parts: [{ type: 'tool-result', callId: 'c1', name: 'shell', content: 'sunny\nwarm' }],
    });
  });

  it('refuses a tool output image that is neither a data URL nor http(s), or a file id', () => {
    const output = (part: Record<string, unknown>) => [
      { type: 'function_call', call_id: 'c1', name: 'view_image', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: [part] },
    ];
    expect(
      gatewayErrorOf(() => decode(output({ type: 'input_image', image_url: 'file:///x.png' })))
        .param,
    ).toBe('input.1.output.0.image_url');
    expect(
      gatewayErrorOf(() => decode(output({ type: 'input_image', file_id: 'file-1' }))).param,
    ).toBe('input.1.output.0.file_id');
  });

  it('keeps reasoning without encrypted content as text only, and raw reasoning when no summary', () => {
    const { messages } = decode([
      {
        type: 'reasoning',
        id: 'rs_2',
        summary: [],
        content: [{ type: 'reasoning_text', text: 'raw thought' }],
      },
    ]);
    expect(messages).toEqual([
      // An item id without encrypted content is nothing a later turn can use.
      { role: 'assistant', parts: [{ type: 'reasoning', text: 'raw thought' }] },
    ]);
  });
});
