import { describe, expect, it } from 'vitest';
import { recordedFile, recordedNames } from '../../../../test/recorded-fixtures.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { geminiResponseToCanonical } from './gemini-response-to-canonical.ts';
import { geminiSignature, withGeminiSignature } from './gemini-state.ts';
import { testContext } from '../../../../test/doubles/formats/gemini-test-helpers.ts';
import { signatureStateKey } from './thought-signature.ts';

const body = (name: string): unknown => JSON.parse(recordedFile('gemini', name));
const isErrorBody = (name: string) => JSON.stringify(body(name)).startsWith('{"error"');

describe('geminiResponseToCanonical (recorded bodies)', () => {
  it('covers every recorded success body', () => {
    const successes = recordedNames('gemini', '.json').filter((name) => !isErrorBody(name));
    expect(successes.sort()).toEqual([
      'google-text.json',
      'google-tool-call.json',
      'google-tool-use-usage.json',
      'issue-19758-prompt-block.json',
    ]);
  });

  it('google-text.json: signed text keeps its signature on a reasoning part after it', () => {
    const response = geminiResponseToCanonical(body('google-text.json'), testContext());
    expect(response).toMatchObject({
      id: 'Un6LacrVMcjUxs0PmJfWoQc',
      model: 'gemini-3-pro-preview',
      finishReason: 'stop',
      parts: [
        {
          type: 'text',
          text: "There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.",
        },
        withGeminiSignature(
          { type: 'reasoning', text: '' },
          'EtoFCtcFAb4+9vtfe4MXRxQjw48U1WKrR/7lYsgFkVi/bepqsSPjY0VU7HEzkeCBIfy1fu5t9aUZ4IZ65aWagqbBrV45fc97olcg',
        ),
      ],
      usage: { inputTokens: 9, outputTokens: 272, totalTokens: 281, reasoningTokens: 244 },
    });
    expect(response.created).toBeGreaterThan(1_700_000_000);
  });

  it('google-tool-call.json: a call with a fresh id, its signature stored under that id', () => {
    const ctx = testContext();
    const response = geminiResponseToCanonical(body('google-tool-call.json'), ctx);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.parts).toHaveLength(1);
    const call = response.parts[0];
    if (call?.type !== 'tool-call') throw new Error('expected a tool call');
    expect(call).toMatchObject({ name: 'weather', arguments: '{"location":"San Francisco"}' });
    expect(call.id).toMatch(/^call_/);
    const signature =
      'EskgCsYgAb4+9vtF7/499YQS2bjZs3xcQI+iAl+ILn29nK1j0Kg6su7QsUUUk3nrAAfnS2w5WiVvlcCqu9fAebJ2cvfaEyBahEt5';
    expect(geminiSignature(call)).toBe(signature);
    expect(ctx.state.get(signatureStateKey(call.id))).toBe(signature);
    expect(response.usage).toEqual({
      inputTokens: 29,
      outputTokens: 908,
      totalTokens: 937,
      reasoningTokens: 893,
    });
  });

  it('google-tool-use-usage.json: empty text is no part; tool-use prompt tokens count as input', () => {
    const response = geminiResponseToCanonical(body('google-tool-use-usage.json'), testContext());
    expect(response).toMatchObject({
      id: 'ClasapiyHaq3_PUProymmQc',
      model: 'gemini-3.6-flash',
      parts: [],
      finishReason: 'stop',
      usage: { inputTokens: 144, outputTokens: 107, totalTokens: 251, reasoningTokens: 56 },
    });
  });

  it('issue-19758-prompt-block.json: a blocked prompt is content_filter with no parts', () => {
    const response = geminiResponseToCanonical(
      body('issue-19758-prompt-block.json'),
      testContext(),
    );
    expect(response).toMatchObject({
      id: 'EXCPaojyHaDUjMcP656rqAk',
      parts: [],
      finishReason: 'content_filter',
      usage: { inputTokens: 9, outputTokens: 0, totalTokens: 9 },
    });
  });
});

describe('geminiResponseToCanonical', () => {
  it('reads thoughts, keeps a function call id and maps MAX_TOKENS', () => {
    const response = geminiResponseToCanonical(
      {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                { text: 'plan', thought: true },
                { functionCall: { id: 'g1', name: 'f', args: { a: [1] } } },
              ],
            },
            finishReason: 'MAX_TOKENS',
          },
        ],
      },
      testContext(),
    );
    expect(response.parts).toEqual([
      { type: 'reasoning', text: 'plan' },
      { type: 'tool-call', id: 'g1', name: 'f', arguments: '{"a":[1]}' },
    ]);
    expect(response.finishReason).toBe('length');
    expect(response.id).toMatch(/^resp_/);
    expect(response).not.toHaveProperty('usage');
  });

  it('drops parts it cannot carry under a rule', () => {
    const ctx = testContext();
    const response = geminiResponseToCanonical(
      {
        candidates: [
          {
            content: { parts: [{ executableCode: { code: '1' } }, { text: 'x' }] },
            finishReason: 'STOP',
          },
        ],
      },
      ctx,
    );
    expect(response.parts).toEqual([{ type: 'text', text: 'x' }]);
    expect(ctx.rules).toEqual(['gemini.unsupported_output_part_dropped']);
  });

  it('fails with 502 on a body that is not an object', () => {
    expect(() => geminiResponseToCanonical('nope', testContext())).toThrow(GatewayError);
  });
});
