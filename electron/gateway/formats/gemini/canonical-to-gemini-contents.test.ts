import { describe, expect, it } from 'vitest';
import type { CanonicalMessage } from '../../canonical/canonical-request.ts';
import { canonicalToGeminiContents } from './canonical-to-gemini-contents.ts';
import { withAnthropicRedacted, withAnthropicSignature } from '../anthropic/anthropic-state.ts';
import { withResponsesReasoning } from '../responses/responses-state.ts';
import { withGeminiSignature } from './gemini-state.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';
import { signatureStateKey } from './thought-signature.ts';

const toolTurn: CanonicalMessage[] = [
  { role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
  {
    role: 'assistant',
    parts: [
      { type: 'text', text: 'Checking.' },
      { type: 'tool-call', id: 'call_a', name: 'weather', arguments: '{"city":"Paris"}' },
      { type: 'tool-call', id: 'call_b', name: 'weather', arguments: '{"city":"Lyon"}' },
    ],
  },
  {
    role: 'tool',
    parts: [
      { type: 'tool-result', callId: 'call_a', content: '{"temp_c":18}' },
      { type: 'tool-result', callId: 'call_b', name: 'weather', content: 'rain' },
    ],
  },
];

describe('canonicalToGeminiContents', () => {
  const screenshotTurns: CanonicalMessage[] = [
    { role: 'user', parts: [{ type: 'text', text: 'What is on screen?' }] },
    {
      role: 'assistant',
      parts: [
        { type: 'tool-call', id: 'call_s', name: 'screenshot', arguments: '{}' },
        { type: 'tool-call', id: 'call_t', name: 'title', arguments: '{}' },
      ],
    },
    {
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          callId: 'call_s',
          content: 'shot.png',
          images: [
            {
              type: 'image',
              source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' },
              detail: 'high',
            },
          ],
        },
        { type: 'tool-result', callId: 'call_t', content: 'Home' },
      ],
    },
  ];

  it('puts the images a tool returned inside its functionResponse (Gemini 3)', () => {
    const ctx = testContext();
    const { contents } = canonicalToGeminiContents(
      undefined,
      screenshotTurns,
      ctx,
      'gemini-3-pro-preview',
    );
    expect(contents[2]).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            name: 'screenshot',
            response: { output: 'shot.png' },
            parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBO' } }],
          },
        },
        { functionResponse: { name: 'title', response: { output: 'Home' } } },
      ],
    });
    expect(ctx.rules).toContain('gemini.image_detail_dropped');
    expect(ctx.rules).not.toContain('gemini.tool_result_images_as_user_turn');
  });

  it('toward a model without multimodal function responses, sends the images after them', () => {
    const ctx = testContext();
    const { contents } = canonicalToGeminiContents(
      undefined,
      [...screenshotTurns, { role: 'user', parts: [{ type: 'text', text: 'Describe it.' }] }],
      ctx,
      'models/gemini-2.5-flash',
    );
    expect(contents.slice(2)).toEqual([
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              name: 'screenshot',
              response: {
                output: 'shot.png\n[image 1 of this result: sent in the next user message]',
              },
            },
          },
          { functionResponse: { name: 'title', response: { output: 'Home' } } },
          { text: 'Image from the result of screenshot (call_s):' },
          { inlineData: { mimeType: 'image/png', data: 'iVBO' } },
          { text: 'Describe it.' },
        ],
      },
    ]);
    expect(ctx.rules).toContain('gemini.tool_result_images_as_user_turn');
  });

  it('refuses an image a tool returned by URL, naming it', () => {
    const turns: CanonicalMessage[] = [
      screenshotTurns[0]!,
      screenshotTurns[1]!,
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            callId: 'call_s',
            content: '',
            images: [{ type: 'image', source: { kind: 'url', url: 'https://a.b/c.png' } }],
          },
        ],
      },
    ];
    const error = gatewayErrorOf(() => canonicalToGeminiContents(undefined, turns, testContext()));
    expect(error.param).toBe('messages.2.parts.0.images.0');
  });

  it('sends calls without ids, results by name, and the sentinel on an unsigned first call', () => {
    const ctx = testContext();
    const { contents } = canonicalToGeminiContents(undefined, toolTurn, ctx);
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'weather?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Checking.' },
          {
            functionCall: { name: 'weather', args: { city: 'Paris' } },
            thoughtSignature: 'skip_thought_signature_validator',
          },
          { functionCall: { name: 'weather', args: { city: 'Lyon' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'weather', response: { temp_c: 18 } } },
          { functionResponse: { name: 'weather', response: { output: 'rain' } } },
        ],
      },
    ]);
    expect(ctx.rules).toEqual(['gemini.thought_signature_skipped']);
  });

  it('replays a signature from the part, else from the state store, byte-exact', () => {
    const ctx = testContext();
    ctx.state.set(signatureStateKey('call_a'), 'Eq0E/stored==');
    const { contents } = canonicalToGeminiContents(undefined, toolTurn, ctx);
    expect(contents[1]?.parts[1]).toMatchObject({ thoughtSignature: 'Eq0E/stored==' });
    expect(contents[1]?.parts[2]).not.toHaveProperty('thoughtSignature');
    expect(ctx.rules).toEqual([]);

    const own = canonicalToGeminiContents(
      undefined,
      [
        {
          role: 'assistant',
          parts: [
            withGeminiSignature({ type: 'tool-call', id: 'x', name: 'f', arguments: '' }, 'own'),
          ],
        },
      ],
      testContext(),
    );
    expect(own.contents[0]?.parts[0]).toEqual({
      functionCall: { name: 'f', args: {} },
      thoughtSignature: 'own',
    });
  });

  it('sends signed reasoning as thoughts and returns a split-off signature to its text', () => {
    const ctx = testContext();
    const { contents } = canonicalToGeminiContents(
      undefined,
      [
        {
          role: 'assistant',
          parts: [
            withGeminiSignature({ type: 'reasoning', text: 'plan' }, 's1'),
            { type: 'text', text: 'answer' },
            withGeminiSignature({ type: 'reasoning', text: '' }, 's2'),
            { type: 'reasoning', text: 'summary from elsewhere' },
            withResponsesReasoning({ type: 'reasoning', text: '' }, 'gAAA', undefined),
          ],
        },
      ],
      ctx,
    );
    expect(contents[0]?.parts).toEqual([
      { text: 'plan', thought: true, thoughtSignature: 's1' },
      { text: 'answer', thoughtSignature: 's2' },
    ]);
    expect(ctx.rules).toEqual(['gemini.reasoning_text_dropped']);
  });

  it("leaves out Anthropic's thinking state, which Gemini cannot check, under the same rule", () => {
    const ctx = testContext();
    const { contents } = canonicalToGeminiContents(
      undefined,
      [
        {
          role: 'assistant',
          parts: [
            withAnthropicSignature({ type: 'reasoning', text: '' }, 'EqQB'),
            withAnthropicRedacted({ type: 'reasoning', text: '' }, 'RED'),
            { type: 'text', text: 'answer' },
          ],
        },
      ],
      ctx,
    );
    expect(contents[0]?.parts).toEqual([{ text: 'answer' }]);
    expect(ctx.rules).toEqual(['gemini.reasoning_text_dropped']);
  });

  it('moves system turns to the system text, keeping the turns around them apart', () => {
    const ctx = testContext();
    const out = canonicalToGeminiContents(
      'Be brief.',
      [
        { role: 'user', parts: [{ type: 'text', text: 'a' }] },
        { role: 'system', parts: [{ type: 'text', text: 'Use French.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'b' }] },
        { role: 'assistant', parts: [{ type: 'refusal', text: 'no' }] },
      ],
      ctx,
    );
    expect(out.systemTexts).toEqual(['Be brief.', 'Use French.']);
    expect(out.contents).toEqual([
      { role: 'user', parts: [{ text: 'a' }] },
      { role: 'user', parts: [{ text: 'b' }] },
      { role: 'model', parts: [{ text: 'no' }] },
    ]);
    expect(ctx.rules).toEqual(['gemini.system_turn_merged', 'gemini.refusal_as_text']);
  });

  it('merges consecutive turns of one role with nothing between them', () => {
    const out = canonicalToGeminiContents(
      undefined,
      [...toolTurn, { role: 'user', parts: [{ type: 'text', text: 'And now?' }] }],
      testContext(),
    );
    expect(out.contents.at(-1)?.parts.at(-1)).toEqual({ text: 'And now?' });
    expect(out.contents.at(-1)?.parts.length).toBeGreaterThan(1);
  });

  it('refuses what Gemini cannot take, naming the canonical part', () => {
    const cases: [CanonicalMessage[], string][] = [
      [
        [
          {
            role: 'assistant',
            parts: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '[1]' }],
          },
        ],
        'messages.0.parts.0.arguments',
      ],
      [
        [{ role: 'tool', parts: [{ type: 'tool-result', callId: 'nope', content: 'x' }] }],
        'messages.0.parts.0',
      ],
      [
        [
          {
            role: 'user',
            parts: [
              { type: 'text', text: 'x' },
              { type: 'image', source: { kind: 'url', url: 'https://a.b/c.png' } },
            ],
          },
        ],
        'messages.0.parts.1',
      ],
      [
        [{ role: 'user', parts: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '{}' }] }],
        'messages.0.parts.0',
      ],
    ];
    for (const [messages, param] of cases) {
      const error = gatewayErrorOf(() =>
        canonicalToGeminiContents(undefined, messages, testContext()),
      );
      expect(error.status).toBe(400);
      expect(error.param).toBe(param);
    }
  });
});
