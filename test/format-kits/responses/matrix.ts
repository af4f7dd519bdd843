import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { expect } from 'vitest';
import {
  ANSWER_SCHEMA,
  TINY_PNG_URL,
  TOOL_RESULT_PHRASE,
  WEATHER_RESULT,
  WEATHER_SCHEMA,
} from '../../integration/matrix/scenarios.ts';
import type { KitMatrix, MatrixClient, MatrixTarget } from '../format-kit.ts';

type Params = OpenAI.Responses.ResponseCreateParamsNonStreaming;

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

/** The official `openai` SDK as a responses client. */
function connect(target: MatrixTarget): MatrixClient {
  // Made on first use: the matrix connects when it collects its tests, before the gateway runs.
  let made: OpenAI | undefined;
  const client = (): OpenAI =>
    (made ??= new OpenAI({ apiKey: target.token, baseURL: `${target.url}/v1`, maxRetries: 0 }));

  /** One responses call, streamed through the SDK's `responses.stream()` helper or not. */
  async function respond(
    params: Omit<Params, 'stream'>,
    stream: boolean,
  ): Promise<OpenAI.Responses.Response> {
    if (!stream) return client().responses.create({ ...params, stream: false });
    return client().responses.stream(params).finalResponse();
  }

  return {
    async plainText(model, stream) {
      const response = await respond({ model, input: 'Say hello' }, stream);
      expect(response.status).toBe('completed');
      expect(response.usage?.total_tokens).toBeGreaterThan(0);
      return response.output_text;
    },

    async history(model, stream, { system, turns: [first, answer, second] }) {
      const response = await respond(
        {
          model,
          instructions: system,
          input: [
            { role: 'user', content: first },
            { role: 'assistant', content: answer },
            { role: 'user', content: second },
          ],
        },
        stream,
      );
      return response.output_text;
    },

    async toolLoop(model, stream) {
      const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const first = await respond({ model, input, tools: [weatherTool] }, stream);
      const [call] = functionCalls(first);
      if (call === undefined) throw new Error('no function call');
      input.push({
        type: 'function_call',
        call_id: call.call_id,
        name: call.name,
        arguments: call.arguments,
      });
      input.push({
        type: 'function_call_output',
        call_id: call.call_id,
        output: JSON.stringify(WEATHER_RESULT),
      });
      const second = await respond({ model, input, tools: [weatherTool] }, stream);
      return {
        call: { name: call.name, args: JSON.parse(call.arguments) as unknown },
        answer: second.output_text,
      };
    },

    async imageInput(model, stream) {
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
      return response.output_text;
    },

    async jsonOutput(model, stream) {
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
      return response.output_text;
    },

    extra: {
      async 'reads an image a tool returned (Codex view_image)'(model, stream) {
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
        target.clearJournal();
        const second = await respond({ model, input, tools: [weatherTool] }, stream);
        expect(second.status).toBe('completed');
        // The image reached the model: inside the output (responses), or in the user turn after it.
        expect(target.lastUpstreamBody()).toContain(TINY_PNG_URL.split(',')[1]);
      },

      async 'continues from previous_response_id'(model, stream) {
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
      },
    },

    perModel: {},

    once: {
      async 'refuses an unknown previous_response_id when translating'() {
        const error = await client()
          .responses.create({
            model: 'sim-gemini',
            input: 'x',
            previous_response_id: 'resp_unknown',
          })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(OpenAI.BadRequestError);
        expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe(
          'previous_response_not_found',
        );
      },
    },
  };
}

export const responsesMatrix: KitMatrix = { sdk: 'openai', connect };
