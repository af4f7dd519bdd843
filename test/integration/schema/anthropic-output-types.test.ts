import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicTypeErrors,
  type AnthropicValue,
} from '../../doubles/formats/anthropic-typecheck.ts';
import { startHarness, type Harness } from '../harness.ts';
import { ANSWER_SCHEMA, TINY_PNG, WEATHER_SCHEMA } from '../matrix/scenarios.ts';
import { capture, type Capture } from './capture.ts';
import { OUTPUT_MODELS } from './output-cases.ts';

/**
 * Every body and stream event the gateway writes for a Messages client, over every model
 * (passed through to the Messages model, translated from the others), type-checked against
 * @anthropic-ai/sdk's own types: unknown keys, missing fields and wrong enum values all fail.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const HEADERS = { 'anthropic-version': '2023-06-01' };
const captured: AnthropicValue[] = [];

const weatherTool = { name: 'get_weather', description: 'Weather', input_schema: WEATHER_SCHEMA };
const user = (content: unknown) => ({ messages: [{ role: 'user', content }] });

const CASES: { name: string; body: Record<string, unknown> }[] = [
  { name: 'text', body: user('Say hello') },
  { name: 'system and history', body: { system: 'Be terse.', ...user('Again') } },
  { name: 'tool call', body: { ...user('Weather in Paris?'), tools: [weatherTool] } },
  {
    name: 'thinking and a tool call',
    body: {
      ...user('Weather in Rome?'),
      tools: [weatherTool],
      thinking: { type: 'enabled', budget_tokens: 2048 },
      max_tokens: 4096,
    },
  },
  {
    name: 'image',
    body: user([
      { type: 'text', text: 'Describe' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG } },
    ]),
  },
  {
    name: 'structured output',
    body: {
      ...user('A city'),
      output_config: { format: { type: 'json_schema', schema: ANSWER_SCHEMA } },
    },
  },
  { name: 'cut by max_tokens', body: { ...user('[[sim:long=200]] more'), max_tokens: 3 } },
  { name: 'cached input', body: user('[[sim:cached=3]] hello') },
  { name: 'upstream 500', body: user('[[sim:500]] x') },
  { name: 'upstream 429', body: user('[[sim:429]] x') },
  { name: 'insufficient balance', body: user('[[sim:balance]] x') },
  { name: 'error in the middle of the stream', body: user('[[sim:error-mid-stream]] go') },
  { name: 'gateway 400', body: { messages: 'not a list' } },
];

const isError = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'error';

function keep(label: string, result: Capture): void {
  if (result.events) {
    result.events.forEach(({ event, data }, i) => {
      // Messages names every event after its data's type; the SDK dispatches on the name.
      expect(event, `${label} #${i}`).toBe((data as { type?: unknown }).type);
      // A keep-alive the API documents and the SDK skips without a type for it.
      if (event === 'ping') return expect(data).toEqual({ type: 'ping' });
      captured.push({
        label: `${label} #${i}`,
        shape: isError(data) ? 'error' : 'event',
        value: data,
      });
    });
    return;
  }
  captured.push({ label, shape: isError(result.body) ? 'error' : 'message', value: result.body });
}

describe.each(OUTPUT_MODELS)('Messages output, model %s', (model) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it.each(CASES)('$name', async ({ name, body }) => {
      const result = await capture(
        h,
        '/v1/messages',
        { model, max_tokens: 1024, ...body, stream },
        HEADERS,
      );
      expect(result.body ?? result.events?.length).toBeTruthy();
      keep(`${model} stream=${stream} ${name}`, result);
    });
  });
});

describe('Messages output against the @anthropic-ai/sdk types', () => {
  it('has no type error in any captured body or stream event', { timeout: 60_000 }, async () => {
    // Canaries prove the check bites: an unknown key and a stop reason the types lack.
    const canaries: AnthropicValue[] = [
      { label: 'canary-key', shape: 'error', value: { type: 'error', error: {}, surplus: 1 } },
      {
        label: 'canary-enum',
        shape: 'event',
        value: { type: 'message_delta', delta: { stop_reason: 'done', stop_sequence: null } },
      },
    ];
    expect(captured.length).toBeGreaterThan(0);
    const errors = await anthropicTypeErrors([...canaries, ...captured]);
    expect(errors.filter((e) => e.startsWith('canary-key:')).length).toBeGreaterThan(0);
    expect(errors.filter((e) => e.startsWith('canary-enum:')).length).toBeGreaterThan(0);
    expect(errors.filter((e) => !e.startsWith('canary-')).join('\n')).toBe('');
  });
});
