import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { WEATHER_RESULT } from '../matrix/scenarios.ts';
import { capture, type Capture } from './capture.ts';
import { genaiTypeErrors, type GenaiValue } from './genai-typecheck.ts';
import { GEMINI_CASES, OUTPUT_MODELS } from './output-cases.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Every body and stream record the tests below received, type-checked together at the end. */
const captured: GenaiValue[] = [];

const pathOf = (model: string, stream: boolean) =>
  stream
    ? `/v1beta/models/${model}:streamGenerateContent?alt=sse`
    : `/v1beta/models/${model}:generateContent`;

const isError = (value: unknown) => typeof value === 'object' && value !== null && 'error' in value;

function keep(label: string, result: Capture): void {
  const values = result.events ? result.events.map((e) => e.data) : [result.body];
  values.forEach((value, i) =>
    captured.push({
      label: result.events ? `${label} #${i}` : label,
      shape: isError(value) ? 'error' : 'response',
      value,
    }),
  );
}

describe.each(OUTPUT_MODELS)('native output, model %s', (model) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it.each(GEMINI_CASES)('$name', async ({ name, body }) => {
      const result = await capture(h, pathOf(model, stream), body);
      expect(result.body ?? result.events?.length).toBeTruthy();
      keep(`${model} stream=${stream} ${name}`, result);
    });

    it('answers a function result', async () => {
      const tools = GEMINI_CASES.find((c) => c.name === 'function call')?.body.tools;
      const question = { role: 'user', parts: [{ text: 'Weather in Paris?' }] };
      const first = await capture(h, pathOf(model, false), { contents: [question], tools });
      const turn = (first.body as { candidates?: { content?: unknown }[] }).candidates?.[0]
        ?.content;
      expect(turn).toBeDefined();
      const result = await capture(h, pathOf(model, stream), {
        tools,
        contents: [
          question,
          turn,
          {
            role: 'user',
            parts: [{ functionResponse: { name: 'get_weather', response: WEATHER_RESULT } }],
          },
        ],
      });
      expect(result.status).toBe(200);
      keep(`${model} stream=${stream} function result`, result);
    });
  });
});

describe('native output against the @google/genai types', () => {
  it('has no type error in any captured body or stream record', { timeout: 60_000 }, async () => {
    // Canaries prove the check bites: an unknown key and an enum value the types lack.
    const canaries: GenaiValue[] = [
      { label: 'canary-key', shape: 'response', value: { candidates: [], surplus: 1 } },
      {
        label: 'canary-enum',
        shape: 'response',
        value: { candidates: [{ finishReason: 'DONE' }] },
      },
    ];
    expect(captured.length).toBeGreaterThan(0);
    const errors = await genaiTypeErrors([...canaries, ...captured]);
    expect(errors.filter((e) => e.startsWith('canary-key:'))).toHaveLength(1);
    expect(errors.filter((e) => e.startsWith('canary-enum:'))).toHaveLength(1);
    expect(errors.filter((e) => !e.startsWith('canary-')).join('\n')).toBe('');
  });
});
