import { describe, expect, it } from 'vitest';
import { geminiSignature } from './gemini-state.ts';
import { geminiContentsToCanonical } from './gemini-contents-to-canonical.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';

describe('geminiContentsToCanonical', () => {
  it('maps roles, defaulting to user, and merges consecutive turns of one role', () => {
    const messages = geminiContentsToCanonical(
      [
        { parts: [{ text: 'a' }] },
        { role: 'user', parts: [{ text: 'b' }] },
        { role: 'model', parts: [{ text: 'c' }] },
      ],
      testContext(),
    );
    expect(messages).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      { role: 'assistant', parts: [{ type: 'text', text: 'c' }] },
    ]);
  });

  it('answers id-less function responses by name and order, tool turn first', () => {
    const messages = geminiContentsToCanonical(
      [
        { role: 'user', parts: [{ text: 'weather in Paris and Lyon, and the time?' }] },
        {
          role: 'model',
          parts: [
            {
              functionCall: { name: 'weather', args: { city: 'Paris' } },
              thoughtSignature: 'c2ln',
            },
            { functionCall: { name: 'time', args: {} } },
            { functionCall: { name: 'weather', args: { city: 'Lyon' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'time', response: { output: '12:00' } } },
            { functionResponse: { name: 'weather', response: { temp: 18 } } },
            { functionResponse: { name: 'weather', response: { temp: 20 } } },
            { text: 'thanks' },
          ],
        },
      ],
      testContext(),
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    const calls = messages[1]?.parts ?? [];
    const ids = calls.map((p) => (p.type === 'tool-call' ? p.id : ''));
    expect(new Set(ids).size).toBe(3);
    expect(calls[0]).toMatchObject({ name: 'weather', arguments: '{"city":"Paris"}' });
    expect(geminiSignature(calls[0]!)).toBe('c2ln');
    expect(messages[2]?.parts).toEqual([
      { type: 'tool-result', callId: ids[1], name: 'time', content: '12:00' },
      { type: 'tool-result', callId: ids[0], name: 'weather', content: '{"temp":18}' },
      { type: 'tool-result', callId: ids[2], name: 'weather', content: '{"temp":20}' },
    ]);
    expect(messages[3]).toEqual({ role: 'user', parts: [{ type: 'text', text: 'thanks' }] });
  });

  it('keeps the images of a multimodal function response in its result, with no user turn', () => {
    const ctx = testContext();
    const messages = geminiContentsToCanonical(
      [
        { role: 'model', parts: [{ functionCall: { id: 'g1', name: 'screenshot', args: {} } }] },
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'g1',
                name: 'screenshot',
                response: { output: 'shot.png' },
                parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBO' } }],
              },
            },
          ],
        },
      ],
      ctx,
    );
    expect(messages.slice(1)).toEqual([
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            callId: 'g1',
            name: 'screenshot',
            content: 'shot.png',
            images: [
              { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' } },
            ],
          },
        ],
      },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('uses the ids Gemini gave, and a response id that matches a call', () => {
    const messages = geminiContentsToCanonical(
      [
        { role: 'model', parts: [{ functionCall: { id: 'g1', name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'g1', name: 'f', response: {} } }] },
      ],
      testContext(),
    );
    expect(messages[0]?.parts[0]).toMatchObject({ id: 'g1' });
    expect(messages[1]?.parts[0]).toMatchObject({ callId: 'g1' });
  });

  it('refuses a function response that answers no call', () => {
    const error = gatewayErrorOf(() =>
      geminiContentsToCanonical(
        [
          { role: 'model', parts: [{ functionCall: { name: 'f' } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'g', response: {} } }] },
        ],
        testContext(),
      ),
    );
    expect(error.param).toBe('contents.1.parts.0.functionResponse');
  });

  it('refuses an unknown role and unknown content fields', () => {
    expect(
      gatewayErrorOf(() =>
        geminiContentsToCanonical([{ role: 'system', parts: [] }], testContext()),
      ).param,
    ).toBe('contents.0.role');
    expect(
      gatewayErrorOf(() => geminiContentsToCanonical([{ parts: [], extra: 1 }], testContext()))
        .param,
    ).toBe('contents.0.extra');
  });
});
