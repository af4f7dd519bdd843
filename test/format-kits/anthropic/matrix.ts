import Anthropic from '@anthropic-ai/sdk';
import { expect } from 'vitest';
import {
  ANSWER_SCHEMA,
  TINY_PNG,
  TOOL_RESULT_PHRASE,
  WEATHER_RESULT,
  WEATHER_SCHEMA,
} from '../../integration/matrix/scenarios.ts';
import type { KitMatrix, MatrixClient, MatrixTarget } from '../format-kit.ts';

type Params = Anthropic.MessageCreateParamsNonStreaming;

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

/**
 * The official `@anthropic-ai/sdk` as a Messages client: it passes through to the `anthropic`
 * model and is translated to every other.
 */
function connect(target: MatrixTarget): MatrixClient {
  // Made on first use: the matrix connects when it collects its tests, before the gateway runs.
  let made: Anthropic | undefined;
  const client = (): Anthropic =>
    (made ??= new Anthropic({ apiKey: target.token, baseURL: target.url, maxRetries: 0 }));

  /** One Messages call, streamed through the SDK's `.stream()` helper or not. */
  async function create(
    params: Omit<Params, 'stream'>,
    stream: boolean,
  ): Promise<Anthropic.Message> {
    if (!stream) return client().messages.create({ ...params, stream: false });
    return client().messages.stream(params).finalMessage();
  }

  return {
    async plainText(model, stream) {
      const message = await create(
        { model, max_tokens: 1024, messages: [{ role: 'user', content: 'Say hello' }] },
        stream,
      );
      expect(message.stop_reason).toBe('end_turn');
      expect(message.usage.input_tokens).toBeGreaterThan(0);
      expect(message.usage.output_tokens).toBeGreaterThan(0);
      return textOf(message);
    },

    async history(model, stream, { system, turns: [first, answer, second] }) {
      const message = await create(
        {
          model,
          max_tokens: 1024,
          system,
          messages: [
            { role: 'user', content: first },
            { role: 'assistant', content: answer },
            { role: 'user', content: second },
          ],
        },
        stream,
      );
      return textOf(message);
    },

    async toolLoop(model, stream) {
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const first = await create(
        { model, max_tokens: 1024, messages, tools: [weatherTool] },
        stream,
      );
      expect(first.stop_reason).toBe('tool_use');
      const call = first.content.find((block) => block.type === 'tool_use');
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
      expect(second.stop_reason).toBe('end_turn');
      return { call: { name: call?.name ?? '', args: call?.input }, answer: textOf(second) };
    },

    async imageInput(model, stream) {
      const message = await create(
        {
          model,
          max_tokens: 1024,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is this?' },
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
      return textOf(message);
    },

    async jsonOutput(model, stream) {
      const message = await create(
        {
          model,
          max_tokens: 1024,
          messages: [{ role: 'user', content: 'A city and its population' }],
          output_config: { format: { type: 'json_schema', schema: ANSWER_SCHEMA } },
        },
        stream,
      );
      return textOf(message);
    },

    extra: {
      async 'thinks, calls a tool and continues with its thinking sent back unchanged'(
        model,
        stream,
      ) {
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
      },

      async 'reads an image a tool returned (Claude Code reading a screenshot)'(model, stream) {
        const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Oslo?' }];
        const first = await create(
          { model, max_tokens: 1024, messages, tools: [weatherTool] },
          stream,
        );
        const call = first.content.find((block) => block.type === 'tool_use');
        target.clearJournal();
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
        expect(target.lastUpstreamBody()).toContain(TINY_PNG);
      },

      async 'stops at max_tokens and says so'(model, stream) {
        const message = await create(
          {
            model,
            max_tokens: 3,
            messages: [{ role: 'user', content: '[[sim:long=200]] Tell me more' }],
          },
          stream,
        );
        expect(message.stop_reason).toBe('max_tokens');
      },
    },

    perModel: {
      async 'throws the SDK’s own error class on an upstream failure'(model) {
        await expect(
          client().messages.create({
            model,
            max_tokens: 1024,
            messages: [{ role: 'user', content: '[[sim:500]] x' }],
          }),
        ).rejects.toBeInstanceOf(Anthropic.InternalServerError);
      },

      async 'counts tokens, upstream for a Messages model and estimated for the others'(model) {
        const response = await client().messages.countTokens({
          model,
          messages: [{ role: 'user', content: 'How many tokens is this?' }],
        });
        expect(response.input_tokens).toBeGreaterThan(0);
      },
    },

    once: {
      async 'lists models in the Anthropic shape when the request names an API version'() {
        const page = await client().models.list();
        const ids = page.data.map((model) => model.id);
        expect(ids).toContain('sim-anthropic');
        expect(ids).toContain('sim-gemini');
        expect(ids).not.toContain('sim-embed');
      },
    },
  };
}

export const anthropicMatrix: KitMatrix = { sdk: '@anthropic-ai/sdk', connect };
