import { Ollama, type ChatRequest, type ChatResponse, type Message, type Tool } from 'ollama';
import { expect } from 'vitest';
import {
  ANSWER_SCHEMA,
  TINY_PNG,
  WEATHER_RESULT,
  WEATHER_SCHEMA,
} from '../../integration/matrix/scenarios.ts';
import type { KitMatrix, MatrixClient, MatrixTarget } from '../format-kit.ts';
import { ollamaSim } from './sim.ts';

/** What a client assembles from an answer, streamed or not. */
interface Answer {
  message: Message;
  /** The last record: `done`, `done_reason` and the counts. */
  last: ChatResponse;
  records: number;
}

const weatherTool: Tool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER_SCHEMA },
};

/** A prompt the simulator answers with exactly this many words. */
const LONG_WORDS = 40;

/** The official `ollama` package (ollama-js) as an Ollama chat client. */
function connect(target: MatrixTarget): MatrixClient {
  // Made on first use: the matrix connects when it collects its tests, before the gateway runs.
  let made: Ollama | undefined;
  const client = (): Ollama =>
    (made ??= new Ollama({
      host: target.url,
      headers: { Authorization: `Bearer ${target.token}` },
    }));

  /**
   * One chat call, streamed (its records merged as a client does: text and thinking appended,
   * calls collected, the last record's counts) or not. Either way the answer ends `done`.
   */
  async function chat(request: Omit<ChatRequest, 'stream'>, stream: boolean): Promise<Answer> {
    if (!stream) {
      const whole = await client().chat({ ...request, stream: false });
      return { message: whole.message, last: whole, records: 1 };
    }
    const message: Message = { role: 'assistant', content: '' };
    let thinking = '';
    const calls: NonNullable<Message['tool_calls']> = [];
    let last: ChatResponse | undefined;
    let records = 0;
    for await (const part of await client().chat({ ...request, stream: true })) {
      message.content += part.message.content;
      thinking += part.message.thinking ?? '';
      calls.push(...(part.message.tool_calls ?? []));
      last = part;
      records += 1;
    }
    if (last === undefined) throw new Error('an empty stream');
    // Every record but the last is `done: false`.
    expect(last.done).toBe(true);
    if (thinking !== '') message.thinking = thinking;
    if (calls.length > 0) message.tool_calls = calls;
    return { message, last, records };
  }

  return {
    async plainText(model, stream) {
      const answer = await chat(
        { model, messages: [{ role: 'user', content: 'Say hello' }] },
        stream,
      );
      expect(answer.last).toMatchObject({ done: true, done_reason: 'stop' });
      expect(answer.last.prompt_eval_count).toBeGreaterThan(0);
      expect(answer.last.eval_count).toBeGreaterThan(0);
      if (stream) expect(answer.records).toBeGreaterThan(2);
      return answer.message.content;
    },

    async history(model, stream, { system, turns: [first, reply, second] }) {
      const answer = await chat(
        {
          model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: first },
            { role: 'assistant', content: reply },
            { role: 'user', content: second },
          ],
        },
        stream,
      );
      return answer.message.content;
    },

    async toolLoop(model, stream) {
      const messages: Message[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const first = await chat({ model, messages, tools: [weatherTool] }, stream);
      const call = first.message.tool_calls?.[0];
      // Ollama says `stop` after a call too: it has no finish reason of its own for calls.
      expect(first.last.done_reason).toBe('stop');
      expect(first.message.tool_calls).toHaveLength(1);
      if (call === undefined) throw new Error('no tool call');
      // The client sends the model's message back as it got it, then the result by tool name.
      messages.push(first.message, {
        role: 'tool',
        content: JSON.stringify(WEATHER_RESULT),
        tool_name: call.function.name,
      });
      const second = await chat({ model, messages, tools: [weatherTool] }, stream);
      expect(second.message.tool_calls ?? []).toEqual([]);
      return {
        call: { name: call.function.name, args: call.function.arguments },
        answer: second.message.content,
      };
    },

    async imageInput(model, stream) {
      const answer = await chat(
        { model, messages: [{ role: 'user', content: 'What is this?', images: [TINY_PNG] }] },
        stream,
      );
      return answer.message.content;
    },

    async jsonOutput(model, stream) {
      const answer = await chat(
        {
          model,
          messages: [{ role: 'user', content: 'A city and its population' }],
          format: ANSWER_SCHEMA,
        },
        stream,
      );
      return answer.message.content;
    },

    extra: {
      async 'options.num_predict caps the answer, which ends with done_reason "length"'(
        model,
        stream,
      ) {
        const cap = 16;
        const answer = await chat(
          {
            model,
            messages: [{ role: 'user', content: `Go on [[sim:long=${LONG_WORDS}]]` }],
            options: { num_predict: cap },
          },
          stream,
        );
        expect(answer.last.done_reason).toBe('length');
        expect(answer.message.content.trim().split(/\s+/)).toHaveLength(cap);
      },
    },
    perModel: {},
    once: {
      async 'think: true streams the Ollama model’s thinking apart from its answer'() {
        const model = ollamaSim.nativeModel.id;
        const request = {
          model,
          messages: [{ role: 'user', content: 'Think first' }],
          think: true,
        };
        const streamed = await chat(request, true);
        const whole = await chat(request, false);
        expect(streamed.message.thinking).toContain('Think first');
        expect(streamed.message.content).not.toContain(streamed.message.thinking);
        expect(whole.message).toEqual(streamed.message);
        // Without `think` the same model shows no thinking.
        const plain = await chat({ ...request, think: false }, true);
        expect(plain.message.thinking).toBeUndefined();
        expect(plain.message.content).toBe(streamed.message.content);
      },

      async 'a model the catalog lacks is a ResponseError 404 with Ollama’s message'() {
        const failure: unknown = await client()
          .chat({ model: 'sim-not-in-catalog', messages: [{ role: 'user', content: 'hi' }] })
          .catch((error: unknown) => error);
        expect(failure).toMatchObject({ name: 'ResponseError', status_code: 404 });
        expect(String((failure as { error: unknown }).error)).toContain('sim-not-in-catalog');
      },
    },
  };
}

export const ollamaMatrix: KitMatrix = { sdk: 'ollama', connect };
