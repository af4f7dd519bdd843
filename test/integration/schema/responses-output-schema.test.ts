import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { WEATHER_RESULT, WEATHER_SCHEMA } from '../matrix/scenarios.ts';
import { capture, type Capture } from './capture.ts';
import { responsesViolations } from './openai-conformance.ts';
import { OUTPUT_MODELS, passthroughModels, RESPONSES_CASES } from './output-cases.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const respond = (body: object) => capture(h, '/v1/responses', body);

/** The first function call item, from a body or from the stream's terminal snapshot. */
function firstCall(result: Capture): Record<string, unknown> | undefined {
  const terminal = result.events?.at(-1)?.data as { response?: { output?: unknown[] } } | undefined;
  const output =
    (result.body as { output?: unknown[] } | undefined)?.output ?? terminal?.response?.output;
  const call = output?.find((item) => (item as { type?: unknown }).type === 'function_call');
  return call as Record<string, unknown> | undefined;
}

describe.each(OUTPUT_MODELS)('responses output against the OpenAI schema, model %s', (model) => {
  const passthrough = passthroughModels('responses').includes(model);

  describe.each([false, true])('stream=%s', (stream) => {
    it.each(RESPONSES_CASES)('$name', async ({ body }) => {
      const result = await respond({ model, stream, ...body });
      expect(result.body ?? result.events?.length).toBeTruthy();
      expect(responsesViolations(result, passthrough).join('\n')).toBe('');
    });

    it('answers a tool result', async () => {
      const tool = { type: 'function', name: 'get_weather', parameters: WEATHER_SCHEMA };
      const first = await respond({ model, input: 'Weather in Paris?', tools: [tool] });
      const call = firstCall(first);
      expect(call).toBeDefined();
      const result = await respond({
        model,
        stream,
        tools: [tool],
        input: [
          { role: 'user', content: 'Weather in Paris?' },
          {
            type: 'function_call',
            call_id: call?.call_id,
            name: call?.name,
            arguments: call?.arguments,
          },
          {
            type: 'function_call_output',
            call_id: call?.call_id,
            output: JSON.stringify(WEATHER_RESULT),
          },
        ],
      });
      expect(result.status).toBe(200);
      expect(responsesViolations(result, passthrough).join('\n')).toBe('');
    });
  });
});
