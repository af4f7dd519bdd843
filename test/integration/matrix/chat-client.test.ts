import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
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

type Params = OpenAI.ChatCompletionCreateParamsNonStreaming;

/** One chat call, streamed through the SDK's `.stream()` helper or not; both give a ChatCompletion. */
async function complete(
  params: Omit<Params, 'stream'>,
  stream: boolean,
): Promise<OpenAI.ChatCompletion> {
  if (!stream) return client.chat.completions.create({ ...params, stream: false });
  const runner = client.chat.completions.stream({
    ...params,
    stream: true,
    stream_options: { include_usage: true },
  });
  return runner.finalChatCompletion();
}

const weatherTool: OpenAI.ChatCompletionFunctionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER_SCHEMA },
};

describe.each(SINGLE_FORMAT_MODELS)('chat-completions client, model %s', (model) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it('answers plain text, with usage', async () => {
      const completion = await complete(
        { model, messages: [{ role: 'user', content: 'Say hello' }] },
        stream,
      );
      expect(completion.choices[0]?.message.content).toContain('Say hello');
      expect(completion.choices[0]?.finish_reason).toBe('stop');
      expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    });

    it('carries a system prompt and multi-turn history', async () => {
      h.sim.clearJournal();
      const completion = await complete(
        {
          model,
          messages: [
            { role: 'system', content: SYSTEM_TEXT },
            { role: 'user', content: HISTORY.first },
            { role: 'assistant', content: HISTORY.firstAnswer },
            { role: 'user', content: HISTORY.second },
          ],
        },
        stream,
      );
      expect(completion.choices[0]?.message.content).toContain(HISTORY.second);
      const upstream = h.sim.journal.at(-1)!.rawBody;
      for (const text of [SYSTEM_TEXT, HISTORY.first, HISTORY.firstAnswer])
        expect(upstream).toContain(text);
    });

    it('calls a tool and uses its result in a second turn', async () => {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'user', content: 'Weather in Paris?' },
      ];
      const first = await complete({ model, messages, tools: [weatherTool] }, stream);
      const call = first.choices[0]?.message.tool_calls?.[0];
      expect(first.choices[0]?.finish_reason).toBe('tool_calls');
      expect(call?.type).toBe('function');
      if (call?.type !== 'function') throw new Error('no function call');
      expect(call.function.name).toBe('get_weather');
      expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
      expect(call.id).toBeTruthy();

      messages.push({ role: 'assistant', content: null, tool_calls: [call] });
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: JSON.stringify(WEATHER_RESULT),
      });
      const second = await complete({ model, messages, tools: [weatherTool] }, stream);
      expect(second.choices[0]?.message.content).toContain(TOOL_RESULT_PHRASE);
    });

    it('passes an image input', async () => {
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
      expect(completion.choices[0]?.message.content).toContain('I see 1 image.');
    });

    it('returns JSON-schema output', async () => {
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
      expectAnswerJson(completion.choices[0]?.message.content ?? '');
    });
  });
});
