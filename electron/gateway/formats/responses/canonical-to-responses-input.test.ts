import { describe, expect, it } from 'vitest';
import type { CanonicalMessage } from '../../canonical/canonical-request.ts';
import { canonicalToResponsesInput } from './canonical-to-responses-input.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { withResponsesReasoning } from './responses-state.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

const storedItem =
  '{"id":"rs_0039","type":"reasoning","content":[],"encrypted_content":"gAAAAABqyUi1zGMg+/=","summary":[]}';

describe('canonical turns → responses input items', () => {
  it('writes user text and images, mid-conversation system turns, assistant text and results', () => {
    const items = canonicalToResponsesInput(
      [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'Look' },
            { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'AAA=' } },
            { type: 'image', source: { kind: 'url', url: 'https://x/y.jpg' }, detail: 'high' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'text', text: 'A ' },
            { type: 'text', text: 'cat.' },
            { type: 'refusal', text: 'No names.' },
          ],
        },
        { role: 'system', parts: [{ type: 'text', text: 'Be kind.' }] },
      ],
      testContext(),
    );
    expect(items).toEqual([
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'Look' },
          { type: 'input_image', image_url: 'data:image/png;base64,AAA=', detail: 'auto' },
          { type: 'input_image', image_url: 'https://x/y.jpg', detail: 'high' },
        ],
      },
      {
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'output_text', text: 'A ', annotations: [] },
          { type: 'output_text', text: 'cat.', annotations: [] },
          { type: 'refusal', refusal: 'No names.' },
        ],
      },
      { type: 'message', role: 'system', content: 'Be kind.' },
    ]);
  });

  it('writes calls after the message text and results as function_call_output', () => {
    const items = canonicalToResponsesInput(
      [
        {
          role: 'assistant',
          parts: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{"a":1}' },
          ],
        },
        {
          role: 'tool',
          parts: [{ type: 'tool-result', callId: 'call_1', name: 'f', content: 'ok' }],
        },
      ],
      testContext(),
    );
    expect(items).toEqual([
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Checking.', annotations: [] }],
      },
      { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
    ]);
  });

  it('writes a result with images as a list of parts, its text first', () => {
    const ctx = testContext();
    const items = canonicalToResponsesInput(
      [
        {
          role: 'assistant',
          parts: [
            { type: 'tool-call', id: 'c1', name: 'screenshot', arguments: '{}' },
            { type: 'tool-call', id: 'c2', name: 'camera', arguments: '{}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              callId: 'c1',
              content: 'shot.png',
              images: [
                { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' } },
              ],
            },
            {
              type: 'tool-result',
              callId: 'c2',
              content: '',
              images: [
                {
                  type: 'image',
                  source: { kind: 'url', url: 'https://example.com/c.jpg' },
                  detail: 'low',
                },
              ],
            },
          ],
        },
      ],
      ctx,
    );
    expect(items.slice(2)).toEqual([
      {
        type: 'function_call_output',
        call_id: 'c1',
        output: [
          { type: 'input_text', text: 'shot.png' },
          { type: 'input_image', image_url: 'data:image/png;base64,iVBO', detail: 'auto' },
        ],
      },
      {
        type: 'function_call_output',
        call_id: 'c2',
        output: [{ type: 'input_image', image_url: 'https://example.com/c.jpg', detail: 'low' }],
      },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('replays reasoning parts with encrypted state byte-exact; drops the rest under a rule', () => {
    const ctx = testContext();
    const items = canonicalToResponsesInput(
      [
        {
          role: 'assistant',
          parts: [
            withResponsesReasoning({ type: 'reasoning', text: 'Thought.' }, 'gAAAA+/==', 'rs_1'),
            { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{}' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            withGeminiSignature({ type: 'reasoning', text: 'Gemini thought' }, 'sig'),
            { type: 'text', text: 'x' },
          ],
        },
      ],
      ctx,
    );
    expect(items.slice(0, 2)).toEqual([
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'Thought.' }],
        encrypted_content: 'gAAAA+/==',
      },
      { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' },
    ]);
    expect(items[2]).toMatchObject({ type: 'message', role: 'assistant' });
    expect(ctx.rules).toEqual(['responses.signature_dropped', 'responses.reasoning_text_dropped']);
  });

  it('inserts the stored reasoning item once, before the first call that followed it', () => {
    const ctx = testContext();
    ctx.stateMap.set('rs:call_a', storedItem);
    ctx.stateMap.set('rs:call_b', storedItem);
    const turn: CanonicalMessage = {
      role: 'assistant',
      parts: [
        { type: 'tool-call', id: 'call_a', name: 'f', arguments: '{}' },
        { type: 'tool-call', id: 'call_b', name: 'f', arguments: '{}' },
      ],
    };
    const items = canonicalToResponsesInput([turn], ctx);
    expect(items.map((item) => item.type)).toEqual(['reasoning', 'function_call', 'function_call']);
    // The opaque blob survives the trip to the wire unchanged.
    expect(JSON.stringify(items[0])).toBe(storedItem);
    expect(ctx.rules).toEqual(['responses.reasoning_replayed']);
  });

  it('does not insert stored reasoning when the turn carries its own encrypted reasoning', () => {
    const ctx = testContext();
    ctx.stateMap.set('rs:call_a', storedItem);
    const items = canonicalToResponsesInput(
      [
        {
          role: 'assistant',
          parts: [
            withResponsesReasoning({ type: 'reasoning', text: '' }, 'own', 'rs_own'),
            { type: 'tool-call', id: 'call_a', name: 'f', arguments: '{}' },
          ],
        },
      ],
      ctx,
    );
    expect(items.filter((item) => item.type === 'reasoning')).toEqual([
      { type: 'reasoning', id: 'rs_own', summary: [], encrypted_content: 'own' },
    ]);
  });

  it('ignores stored state that is not a replayable reasoning item', () => {
    const ctx = testContext();
    ctx.stateMap.set('rs:call_a', '{"type":"reasoning","id":"rs"}');
    const items = canonicalToResponsesInput(
      [
        {
          role: 'assistant',
          parts: [{ type: 'tool-call', id: 'call_a', name: 'f', arguments: '{}' }],
        },
      ],
      ctx,
    );
    expect(items.map((item) => item.type)).toEqual(['function_call']);
  });

  it('refuses parts a turn cannot hold', () => {
    const error = gatewayErrorOf(() =>
      canonicalToResponsesInput(
        [
          {
            role: 'assistant',
            parts: [{ type: 'image', source: { kind: 'url', url: 'https://x' } }],
          },
        ],
        testContext(),
      ),
    );
    expect(error).toMatchObject({ status: 400, param: 'messages.0' });
  });
});
