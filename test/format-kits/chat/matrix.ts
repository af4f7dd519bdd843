import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { expect } from 'vitest';
import {
  ANSWER_SCHEMA,
  TINY_PNG_URL,
  WEATHER_RESULT,
  WEATHER_SCHEMA,
} from '../../integration/matrix/scenarios.ts';
import type { KitMatrix, MatrixClient, MatrixTarget } from '../format-kit.ts';

type Params = OpenAI.ChatCompletionCreateParamsNonStreaming;

const weatherTool: OpenAI.ChatCompletionFunctionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER_SCHEMA },
};

/** The official `openai` SDK as a chat-completions client. */
function connect(target: MatrixTarget): MatrixClient {
  // Made on first use: the matrix connects when it collects its tests, before the gateway runs.
  let made: OpenAI | undefined;
  const client = (): OpenAI =>
    (made ??= new OpenAI({ apiKey: target.token, baseURL: `${target.url}/v1`, maxRetries: 0 }));

  /** One chat call, streamed through the SDK's `.stream()` helper or not; both give a ChatCompletion. */
  async function complete(
    params: Omit<Params, 'stream'>,
    stream: boolean,
  ): Promise<OpenAI.ChatCompletion> {
    if (!stream) return client().chat.completions.create({ ...params, stream: false });
    const runner = client().chat.completions.stream({
      ...params,
      stream: true,
      stream_options: { include_usage: true },
    });
    return runner.finalChatCompletion();
  }

  const content = (completion: OpenAI.ChatCompletion): string =>
    completion.choices[0]?.message.content ?? '';

  return {
    async plainText(model, stream) {
      const completion = await complete(
        { model, messages: [{ role: 'user', content: 'Say hello' }] },
        stream,
      );
      expect(completion.choices[0]?.finish_reason).toBe('stop');
      expect(completion.usage?.total_tokens).toBeGreaterThan(0);
      return content(completion);
    },

    async history(model, stream, { system, turns: [first, answer, second] }) {
      const completion = await complete(
        {
          model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: first },
            { role: 'assistant', content: answer },
            { role: 'user', content: second },
          ],
        },
        stream,
      );
      return content(completion);
    },

    async toolLoop(model, stream) {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'user', content: 'Weather in Paris?' },
      ];
      const first = await complete({ model, messages, tools: [weatherTool] }, stream);
      const call = first.choices[0]?.message.tool_calls?.[0];
      expect(first.choices[0]?.finish_reason).toBe('tool_calls');
      expect(call?.type).toBe('function');
      if (call?.type !== 'function') throw new Error('no function call');
      expect(call.id).toBeTruthy();
      messages.push({ role: 'assistant', content: null, tool_calls: [call] });
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: JSON.stringify(WEATHER_RESULT),
      });
      const second = await complete({ model, messages, tools: [weatherTool] }, stream);
      return {
        call: { name: call.function.name, args: JSON.parse(call.function.arguments) as unknown },
        answer: content(second),
      };
    },

    async imageInput(model, stream) {
      const completion = await complete(
        {
          model,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is this?' },
                { type: 'image_url', image_url: { url: TINY_PNG_URL } },
              ],
            },
          ],
        },
        stream,
      );
      return content(completion);
    },

    async jsonOutput(model, stream) {
      const completion = await complete(
        {
          model,
          messages: [{ role: 'user', content: 'A city and its population' }],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'answer', schema: ANSWER_SCHEMA, strict: true },
          },
        },
        stream,
      );
      return content(completion);
    },

    extra: {},
    perModel: {},
    once: {},
  };
}

export const chatMatrix: KitMatrix = { sdk: 'openai', connect };
