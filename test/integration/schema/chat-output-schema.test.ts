import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { WEATHER_RESULT, WEATHER_SCHEMA } from '../matrix/scenarios.ts';
import { capture } from './capture.ts';
import { chatViolations } from './openai-conformance.ts';
import { CHAT_CASES, OUTPUT_MODELS } from './output-cases.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const complete = (body: object) => capture(h, '/v1/chat/completions', body);

describe.each(OUTPUT_MODELS)('chat output against the OpenAI schema, model %s', (model) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it.each(CHAT_CASES)('$name', async ({ body }) => {
      const result = await complete({ model, stream, ...body });
      expect(result.body ?? result.events?.length).toBeTruthy();
      expect(chatViolations(result).join('\n')).toBe('');
    });

    it('answers a tool result', async () => {
      const tools = [
        { type: 'function', function: { name: 'get_weather', parameters: WEATHER_SCHEMA } },
      ];
      const question = { role: 'user', content: 'Weather in Paris?' };
      const first = await complete({ model, messages: [question], tools });
      const message = (
        first.body as { choices?: { message?: { tool_calls?: { id?: string }[] } }[] }
      ).choices?.[0]?.message;
      const call = message?.tool_calls?.[0];
      expect(call?.id).toBeDefined();
      const result = await complete({
        model,
        stream,
        tools,
        messages: [
          question,
          message,
          { role: 'tool', tool_call_id: call?.id, content: JSON.stringify(WEATHER_RESULT) },
        ],
      });
      expect(result.status).toBe(200);
      expect(chatViolations(result).join('\n')).toBe('');
    });
  });
});
