import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import {
  ANSWER_SCHEMA,
  expectAnswerJson,
  HISTORY,
  SINGLE_FORMAT_MODELS,
  SYSTEM_TEXT,
  TINY_PNG,
  TOOL_RESULT_PHRASE,
  WEATHER_RESULT,
  WEATHER_SCHEMA,
} from './scenarios.ts';

/**
 * The official @anthropic-ai/sdk against every single-format model: Messages passes through to
 * the `anthropic` model and is translated to every other, streamed and not.
 */
let h: Harness;
let client: Anthropic;
beforeAll(async () => {
  h = await startHarness();
  client = new Anthropic({ apiKey: h.token, baseURL: h.url, maxRetries: 0 });
});
afterAll(() => h.close());

type Params = Anthropic.MessageCreateParamsNonStreaming;

/** One Messages call, streamed through the SDK's `.stream()` helper or not. */
async function create(params: Omit<Params, 'stream'>, stream: boolean): Promise<Anthropic.Message> {
  if (!stream) return client.messages.create({ ...params, stream: false });
  return client.messages.stream(params).finalMessage();
}

const weatherTool: Anthropic.Tool = {
  name: 'get_weather',
  description: 'Current weather',
  input_schema: WEATHER_SCHEMA as Anthropic.Tool.InputSchema,
};

/** The next turn of a tool loop: the model's call answered with the weather. */
function withToolResult(
  messages: Anthropic.MessageParam[],
  first: Anthropic.Message,
): Anthropic.MessageParam[] {
  const call = first.content.find((block) => block.type === 'tool_use');
  return [
    ...messages,
    { role: 'assistant', content: first.content },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: call?.id ?? '',
          content: JSON.stringify(WEATHER_RESULT),
        },
      ],
    },
  ];
}

const textOf = (message: Anthropic.Message): string =>
  message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe.each(SINGLE_FORMAT_MODELS)('Messages client, model %s', (model) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it('answers plain text, with usage', async () => {
      const message = await create(
        { model, max_tokens: 1024, messages: [{ role: 'user', content: 'Say hello' }] },
        stream,
      );
      expect(textOf(message)).toContain('Say hello');
      expect(message.stop_reason).toBe('end_turn');
      expect(message.usage.input_tokens).toBeGreaterThan(0);
      expect(message.usage.output_tokens).toBeGreaterThan(0);
    });

    it('carries a system prompt and multi-turn history', async () => {
      h.sim.clearJournal();
      const message = await create(
        {
          model,
          max_tokens: 1024,
          system: SYSTEM_TEXT,
          messages: [
            { role: 'user', content: HISTORY.first },
            { role: 'assistant', content: HISTORY.firstAnswer },
            { role: 'user', content: HISTORY.second },
          ],
        },
        stream,
      );
      expect(textOf(message)).toContain(HISTORY.second);
      const upstream = h.sim.journal.at(-1)?.rawBody ?? '';
      for (const text of [SYSTEM_TEXT, HISTORY.first, HISTORY.firstAnswer])
        expect(upstream).toContain(text);
    });

    it('calls a tool and uses its result in a second turn', async () => {
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const first = await create(
        { model, max_tokens: 1024, messages, tools: [weatherTool] },
        stream,
      );
      expect(first.stop_reason).toBe('tool_use');
      const call = first.content.find((block) => block.type === 'tool_use');
      expect(call).toMatchObject({ name: 'get_weather' });
      expect(typeof (call?.input as { city?: unknown }).city).toBe('string');
      const second = await create(
        {
          model,
          max_tokens: 1024,
          tools: [weatherTool],
          messages: withToolResult(messages, first),
        },
        stream,
      );
      expect(textOf(second)).toContain(TOOL_RESULT_PHRASE);
      expect(second.stop_reason).toBe('end_turn');
    });

    it('thinks, calls a tool and continues with its thinking sent back unchanged', async () => {
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Lyon?' }];
      const thinking = { type: 'enabled', budget_tokens: 2048 } as const;
      const first = await create(
        { model, max_tokens: 4096, thinking, messages, tools: [weatherTool] },
        stream,
      );
      const call = first.content.find((block) => block.type === 'tool_use');
      expect(call).toBeDefined();
      // Every thinking block carries a signature; Gemini's and OpenAI's state travel in it.
      for (const block of first.content)
        if (block.type === 'thinking') expect(typeof block.signature).toBe('string');
      const second = await create(
        {
          model,
          max_tokens: 4096,
          thinking,
          tools: [weatherTool],
          messages: withToolResult(messages, first),
        },
        stream,
      );
      // The Gemini and Anthropic simulators refuse a tool turn whose signature did not come back.
      expect(textOf(second)).toContain(TOOL_RESULT_PHRASE);
    });

    it('reads an inline image', async () => {
      h.sim.clearJournal();
      const message = await create(
        {
          model,
          max_tokens: 1024,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Describe this' },
                {
                  type: 'image',
                  source: { type: 'base64', media_type: 'image/png', data: TINY_PNG },
                },
              ],
            },
          ],
        },
        stream,
      );
      expect(textOf(message)).toContain('Describe this');
      expect(h.sim.journal.at(-1)?.rawBody).toContain(TINY_PNG);
    });

    it('reads an image a tool returned (Claude Code reading a screenshot)', async () => {
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Oslo?' }];
      const first = await create(
        { model, max_tokens: 1024, messages, tools: [weatherTool] },
        stream,
      );
      const call = first.content.find((block) => block.type === 'tool_use');
      h.sim.clearJournal();
      const second = await create(
        {
          model,
          max_tokens: 1024,
          tools: [weatherTool],
          messages: [
            ...messages,
            { role: 'assistant', content: first.content },
            {
              role: 'user',
              content: [
                {
                  type: 'tool_result',
                  tool_use_id: call?.id ?? '',
                  content: [
                    { type: 'text', text: 'radar.png' },
                    {
                      type: 'image',
                      source: { type: 'base64', media_type: 'image/png', data: TINY_PNG },
                    },
                  ],
                },
              ],
            },
          ],
        },
        stream,
      );
      expect(second.content.length).toBeGreaterThan(0);
      // The image reached the model: inside the result (Messages), or in the user turn after it.
      expect(h.sim.journal.at(-1)?.rawBody).toContain(TINY_PNG);
    });

    it('gives structured output that matches the schema', async () => {
      const message = await create(
        {
          model,
          max_tokens: 1024,
          messages: [{ role: 'user', content: 'A city and its population' }],
          output_config: { format: { type: 'json_schema', schema: ANSWER_SCHEMA } },
        },
        stream,
      );
      expect(expectAnswerJson(textOf(message)).city).toBeTruthy();
    });

    it('stops at max_tokens and says so', async () => {
      const message = await create(
        {
          model,
          max_tokens: 3,
          messages: [{ role: 'user', content: '[[sim:long=200]] Tell me more' }],
        },
        stream,
      );
      expect(message.stop_reason).toBe('max_tokens');
    });
  });

  it('throws the SDK’s own error class on an upstream failure', async () => {
    await expect(
      client.messages.create({
        model,
        max_tokens: 1024,
        messages: [{ role: 'user', content: '[[sim:500]] x' }],
      }),
    ).rejects.toBeInstanceOf(Anthropic.InternalServerError);
  });

  it('counts tokens, upstream for a Messages model and estimated for the others', async () => {
    const response = await client.messages.countTokens({
      model,
      messages: [{ role: 'user', content: 'How many tokens is this?' }],
    });
    expect(response.input_tokens).toBeGreaterThan(0);
  });
});

describe('Messages client on discovery', () => {
  it('lists models in the Anthropic shape when the request names an API version', async () => {
    const page = await client.models.list();
    const ids = page.data.map((model) => model.id);
    expect(ids).toContain('sim-anthropic');
    expect(ids).toContain('sim-gemini');
    expect(ids).not.toContain('sim-embed');
  });
});
