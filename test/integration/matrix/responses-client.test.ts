import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import {
  ANSWER_SCHEMA,
  expectAnswerJson,
  HISTORY,
  SINGLE_FORMAT_MODELS,
  SYSTEM_TEXT,
  TINY_PNG_URL,
  TOOL_RESULT_PHRASE,
  WEATHER_RESULT,
  WEATHER_SCHEMA,
} from './scenarios.ts';

let h: Harness;
let client: OpenAI;
beforeAll(async () => {
  h = await startHarness();
  client = new OpenAI({ apiKey: h.token, baseURL: `${h.url}/v1`, maxRetries: 0 });
});
afterAll(() => h.close());

type Params = OpenAI.Responses.ResponseCreateParamsNonStreaming;

/** One responses call, streamed through the SDK's `responses.stream()` helper or not. */
async function respond(
  params: Omit<Params, 'stream'>,
  stream: boolean,
): Promise<OpenAI.Responses.Response> {
  if (!stream) return client.responses.create({ ...params, stream: false });
  return client.responses.stream(params).finalResponse();
}

const weatherTool: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather',
  parameters: WEATHER_SCHEMA,
  strict: true,
};

function functionCalls(
  response: OpenAI.Responses.Response,
): OpenAI.Responses.ResponseFunctionToolCall[] {
  return response.output.filter(
    (item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call',
  );
}

describe.each(SINGLE_FORMAT_MODELS)('responses client, model %s', (model) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it('answers plain text, with usage', async () => {
      const response = await respond({ model, input: 'Say hello' }, stream);
      expect(response.status).toBe('completed');
      expect(response.output_text).toContain('Say hello');
      expect(response.usage?.total_tokens).toBeGreaterThan(0);
    });

    it('carries instructions and multi-turn history', async () => {
      h.sim.clearJournal();
      const response = await respond(
        {
          model,
          instructions: SYSTEM_TEXT,
          input: [
            { role: 'user', content: HISTORY.first },
            { role: 'assistant', content: HISTORY.firstAnswer },
            { role: 'user', content: HISTORY.second },
          ],
        },
        stream,
      );
      expect(response.output_text).toContain(HISTORY.second);
      const upstream = h.sim.journal.at(-1)!.rawBody;
      for (const text of [SYSTEM_TEXT, HISTORY.first, HISTORY.firstAnswer])
        expect(upstream).toContain(text);
    });

    it('calls a tool and uses its result in a second turn', async () => {
      const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const first = await respond({ model, input, tools: [weatherTool] }, stream);
      const [call] = functionCalls(first);
      expect(call?.name).toBe('get_weather');
      expect(JSON.parse(call?.arguments ?? '')).toEqual({ city: 'Paris' });
      input.push({
        type: 'function_call',
        call_id: call!.call_id,
        name: call!.name,
        arguments: call!.arguments,
      });
      input.push({
        type: 'function_call_output',
        call_id: call!.call_id,
        output: JSON.stringify(WEATHER_RESULT),
      });
      const second = await respond({ model, input, tools: [weatherTool] }, stream);
      expect(second.output_text).toContain(TOOL_RESULT_PHRASE);
    });

    it('reads an image a tool returned (Codex view_image)', async () => {
      const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const first = await respond({ model, input, tools: [weatherTool] }, stream);
      const [call] = functionCalls(first);
      input.push(
        {
          type: 'function_call',
          call_id: call!.call_id,
          name: call!.name,
          arguments: call!.arguments,
        },
        {
          type: 'function_call_output',
          call_id: call!.call_id,
          output: [
            { type: 'input_text', text: 'radar.png' },
            { type: 'input_image', image_url: TINY_PNG_URL, detail: 'auto' },
          ],
        },
      );
      h.sim.clearJournal();
      const second = await respond({ model, input, tools: [weatherTool] }, stream);
      expect(second.status).toBe('completed');
      // The image reached the model: inside the output (responses), or in the user turn after it.
      expect(h.sim.journal.at(-1)?.rawBody).toContain(TINY_PNG_URL.split(',')[1]);
    });

    it('continues from previous_response_id', async () => {
      const first = await respond(
        { model, input: 'Weather in Paris?', tools: [weatherTool] },
        stream,
      );
      const [call] = functionCalls(first);
      const second = await respond(
        {
          model,
          previous_response_id: first.id,
          input: [
            {
              type: 'function_call_output',
              call_id: call!.call_id,
              output: JSON.stringify(WEATHER_RESULT),
            },
          ],
          tools: [weatherTool],
        },
        stream,
      );
      expect(second.output_text).toContain(TOOL_RESULT_PHRASE);
    });

    it('passes an image input', async () => {
      const response = await respond(
        {
          model,
          input: [
            {
              role: 'user',
              content: [
                { type: 'input_text', text: 'What is this?' },
                { type: 'input_image', image_url: TINY_PNG_URL, detail: 'auto' },
              ],
            },
          ],
        },
        stream,
      );
      expect(response.output_text).toContain('I see 1 image.');
    });

    it('returns JSON-schema output', async () => {
      const response = await respond(
        {
          model,
          input: 'A city and its population',
          text: {
            format: { type: 'json_schema', name: 'answer', schema: ANSWER_SCHEMA, strict: true },
          },
        },
        stream,
      );
      expectAnswerJson(response.output_text);
    });
  });
});

describe('responses client errors', () => {
  it('refuses an unknown previous_response_id when translating', async () => {
    const error = await client.responses
      .create({ model: 'sim-gemini', input: 'x', previous_response_id: 'resp_unknown' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe(
      'previous_response_not_found',
    );
  });
});
