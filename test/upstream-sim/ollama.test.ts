import { Ollama, type ChatResponse, type Message } from 'ollama';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSUFFICIENT_BALANCE_MESSAGE,
  MID_STREAM_ERROR_MESSAGE,
  SIM_KEYS,
  startSimulator,
} from './index.ts';
import type { RunningSimulator } from './index.ts';
import { PNG_BASE64, WEATHER_PARAMETERS, post } from './test-helpers.ts';

let sim: RunningSimulator;
let client: Ollama;
beforeAll(async () => {
  sim = await startSimulator();
  client = new Ollama({ host: sim.url, headers: { Authorization: `Bearer ${SIM_KEYS.full}` } });
});
afterAll(() => sim.close());

const MODEL = 'sim-ollama';
const user = (content: string, images?: string[]): Message[] => [
  { role: 'user', content, ...(images === undefined ? {} : { images }) },
];
const weatherTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER_PARAMETERS },
};

/** The records of an NDJSON body, one JSON object a line. */
const ndjson = (body: string): Record<string, unknown>[] =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A streamed chat through ollama-js, its records merged as a client merges them. */
async function streamedChat(request: Parameters<Ollama['chat']>[0]) {
  const records: ChatResponse[] = [];
  for await (const part of await client.chat({ ...request, stream: true })) records.push(part);
  return {
    records,
    content: records.map((r) => r.message.content).join(''),
    thinking: records.map((r) => r.message.thinking ?? '').join(''),
    calls: records.flatMap((r) => r.message.tool_calls ?? []),
    last: records.at(-1)!,
  };
}

describe('Ollama /api/chat: text', () => {
  it('streams by default, one JSON object a line, the counts on the last (done) record', async () => {
    const res = await post(`${sim.url}/api/chat`, { model: MODEL, messages: user('Hi there') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const body = await res.text();
    expect(body.endsWith('}\n')).toBe(true);
    expect(body).not.toContain('data:');
    const records = ndjson(body);
    expect(records.length).toBeGreaterThan(5);
    expect(records.slice(0, -1).every((r) => r.done === false)).toBe(true);
    for (const r of records) {
      expect(r.model).toBe(MODEL);
      expect(Number.isNaN(Date.parse(String(r.created_at)))).toBe(false);
    }
    const last = records.at(-1)!;
    expect(last).toMatchObject({
      message: { role: 'assistant', content: '' },
      done: true,
      done_reason: 'stop',
      prompt_eval_count: Math.ceil('Hi there'.length / 4),
      eval_count: records.length - 1,
    });
    // Durations in nanoseconds, whole numbers, the total the sum of its parts.
    for (const key of ['total_duration', 'load_duration', 'prompt_eval_duration', 'eval_duration'])
      expect(Number.isInteger(last[key])).toBe(true);
    expect(last.total_duration).toBe(
      Number(last.load_duration) + Number(last.prompt_eval_duration) + Number(last.eval_duration),
    );
    // Only the last record has the counts.
    expect(records.slice(0, -1).some((r) => 'eval_count' in r)).toBe(false);
  });

  it('answers the same text whole with "stream": false, through ollama-js', async () => {
    const messages = user('What is the capital of France?');
    const whole = await client.chat({ model: MODEL, messages });
    expect(whole.message).toEqual({
      role: 'assistant',
      content:
        'Simulated reply to: "What is the capital of France?". This answer comes from the upstream simulator and is deterministic.',
    });
    expect(whole).toMatchObject({ done: true, done_reason: 'stop' });
    const streamed = await streamedChat({ model: MODEL, messages });
    expect(streamed.content).toBe(whole.message.content);
    expect(streamed.last.eval_count).toBe(whole.eval_count);
    expect(streamed.last.prompt_eval_count).toBe(whole.prompt_eval_count);
    const raw = await post(`${sim.url}/api/chat`, { model: MODEL, messages, stream: false });
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('thinks when `think` says so: the thinking streams first, in `thinking`, and is counted', async () => {
    const messages = user('Ponder this');
    const plain = await streamedChat({ model: MODEL, messages });
    for (const think of [true, 'high'] as const) {
      const thought = await streamedChat({ model: MODEL, messages, think });
      expect(thought.thinking).toBe('Thinking about "Ponder this".');
      expect(thought.content).toBe(plain.content);
      // Every thinking record comes before the first text record.
      const firstText = thought.records.findIndex((r) => r.message.content !== '');
      const lastThinking = thought.records.findLastIndex((r) => (r.message.thinking ?? '') !== '');
      expect(lastThinking).toBeLessThan(firstText);
      expect(thought.last.eval_count).toBeGreaterThan(plain.last.eval_count);
    }
    expect(plain.thinking).toBe('');
    const off = await client.chat({ model: MODEL, messages, think: false });
    expect(off.message.thinking).toBeUndefined();
  });

  it('caps the answer at options.num_predict with done_reason "length", and stops at options.stop', async () => {
    const capped = await client.chat({
      model: MODEL,
      messages: user('Go [[sim:long=30]]'),
      options: { num_predict: 5 },
    });
    expect(capped.done_reason).toBe('length');
    expect(capped.eval_count).toBe(5);
    expect(capped.message.content.trim().split(' ')).toHaveLength(5);
    const stopped = await client.chat({
      model: MODEL,
      messages: user('Go [[sim:long=30]]'),
      options: { stop: ['dolor'] },
    });
    expect(stopped.message.content).toBe('lorem ipsum ');
    expect(stopped.done_reason).toBe('stop');
  });
});

describe('Ollama /api/chat: tools, images, formats', () => {
  it('calls a tool whole, arguments as an object, then answers its result named by tool_name', async () => {
    const messages = user('Weather in Paris? [[call:get_weather {"city":"Paris","unit":"c"}]]');
    const first = await streamedChat({ model: MODEL, messages, tools: [weatherTool] });
    expect(first.calls).toHaveLength(1);
    const call = first.calls[0]!;
    expect(call.function).toEqual({
      index: 0,
      name: 'get_weather',
      arguments: { city: 'Paris', unit: 'c' },
    });
    expect((call as { id?: string }).id).toMatch(/^call_/);
    // All calls in one record, which holds no text.
    expect(first.records.filter((r) => r.message.tool_calls !== undefined)).toHaveLength(1);
    expect(first.content).toBe('');
    expect(first.last.done_reason).toBe('stop');

    const history: Message[] = [
      ...messages,
      { role: 'assistant', content: '', tool_calls: first.calls },
      { role: 'tool', content: '{"temp_c":18}', tool_name: 'get_weather' },
    ];
    const second = await client.chat({ model: MODEL, messages: history, tools: [weatherTool] });
    expect(second.message.content).toContain('Tool get_weather returned {"temp_c":18}');
    expect(second.message.tool_calls).toBeUndefined();
  });

  it('links a result without tool_name by the call id, else by the order of the calls', async () => {
    const timeTool = {
      type: 'function',
      function: { name: 'get_time', parameters: { type: 'object', properties: {} } },
    };
    const answer = async (results: Record<string, unknown>[]) => {
      const res = await post(`${sim.url}/api/chat`, {
        model: MODEL,
        stream: false,
        tools: [weatherTool, timeTool],
        messages: [
          { role: 'user', content: 'Weather and time?' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [
              { id: 'call_w', function: { name: 'get_weather', arguments: { city: 'Paris' } } },
              { id: 'call_t', function: { name: 'get_time', arguments: {} } },
            ],
          },
          ...results.map((result) => ({ role: 'tool', ...result })),
        ],
      });
      return ((await res.json()) as ChatResponse).message.content;
    };
    // By id, answered in another order than the calls were made.
    expect(
      await answer([
        { content: 'noon', tool_call_id: 'call_t' },
        { content: 'sunny', tool_call_id: 'call_w' },
      ]),
    ).toContain('Tool get_time returned noon. Tool get_weather returned sunny.');
    // Neither id nor name: the results answer the calls in order.
    expect(await answer([{ content: 'sunny' }, { content: 'noon' }])).toContain(
      'Tool get_weather returned sunny. Tool get_time returned noon.',
    );
  });

  it('reads base64 images and refuses what Go cannot decode', async () => {
    const seen = await client.chat({ model: MODEL, messages: user('What is it?', [PNG_BASE64]) });
    expect(seen.message.content).toContain('I see 1 image.');
    expect(seen.prompt_eval_count).toBe(Math.ceil('What is it?'.length / 4));
    const bad = await post(`${sim.url}/api/chat`, {
      model: MODEL,
      messages: user('What is it?', [`data:image/png;base64,${PNG_BASE64}`]),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'illegal base64 data at input byte 4' });
  });

  it('answers `format` with JSON: "json" any object, a schema an object that fits it', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, population: { type: 'integer' } },
      required: ['city', 'population'],
    };
    const fitted = await client.chat({ model: MODEL, messages: user('A city'), format: schema });
    expect(JSON.parse(fitted.message.content)).toEqual({ city: 'Paris', population: 1 });
    const any = await client.chat({ model: MODEL, messages: user('A city'), format: 'json' });
    expect(JSON.parse(any.message.content)).toEqual({ reply: expect.any(String) as unknown });
    const wrong = await post(`${sim.url}/api/chat`, {
      model: MODEL,
      messages: user('A city'),
      format: 'xml',
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/^invalid format: /);
  });
});

describe('Ollama /api/generate and load requests', () => {
  it('streams `response` pieces, then the done record with the context', async () => {
    const parts: Record<string, unknown>[] = [];
    for await (const part of await client.generate({
      model: MODEL,
      prompt: 'Sky?',
      system: 'Be brief.',
      stream: true,
    }))
      parts.push(part as unknown as Record<string, unknown>);
    expect(parts.map((p) => p.response).join('')).toBe(
      'Simulated reply to: "Sky?". This answer comes from the upstream simulator and is deterministic.',
    );
    expect(parts.some((p) => 'message' in p)).toBe(false);
    expect(parts.at(-1)).toMatchObject({
      response: '',
      done: true,
      done_reason: 'stop',
      prompt_eval_count: Math.ceil('Sky?Be brief.'.length / 4),
    });
    expect(Array.isArray(parts.at(-1)?.context)).toBe(true);
  });

  it('answers a chat without messages, or a prompt-less generate, as a load: one record', async () => {
    for (const [path, body, reason] of [
      ['/api/chat', { model: MODEL, messages: [] }, 'load'],
      ['/api/chat', { model: MODEL, messages: [], keep_alive: 0 }, 'unload'],
      ['/api/generate', { model: MODEL }, 'load'],
    ] as const) {
      const res = await post(`${sim.url}${path}`, body);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toMatchObject({ model: MODEL, done: true, done_reason: reason });
    }
  });
});

describe('Ollama errors', () => {
  it('answers `{"error": …}` with the status, which ollama-js throws as a ResponseError', async () => {
    const failures: [unknown, number, string | RegExp][] = [
      [{ model: 'sim-nope', messages: user('hi') }, 404, /sim-nope/],
      [{ messages: user('hi') }, 400, 'model is required'],
      [
        { model: 42, messages: user('hi') },
        400,
        /^json: cannot unmarshal number into Go struct field ChatRequest.model of type string$/,
      ],
      [{ model: MODEL, messages: 'hi' }, 400, /ChatRequest.messages of type \[\]api.Message$/],
      [{ model: MODEL, messages: user('hi'), think: 'lots' }, 400, /^invalid think value: "lots"/],
      [{ model: MODEL, messages: user('[[sim:balance]]') }, 403, INSUFFICIENT_BALANCE_MESSAGE],
    ];
    for (const [body, status, message] of failures) {
      const res = await post(`${sim.url}/api/chat`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const error = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(error)).toEqual(['error']);
      expect(error.error).toMatch(message);
    }
    await expect(
      client.chat({ model: MODEL, messages: user('[[sim:429:retry-after=3]]') }),
    ).rejects.toMatchObject({ name: 'ResponseError', status_code: 429 });
    const limited = await post(`${sim.url}/api/chat`, {
      model: MODEL,
      messages: user('[[sim:429:retry-after=3]]'),
    });
    expect(limited.headers.get('retry-after')).toBe('3');
  });

  it('ends a failing stream with an `{"error": …}` line, which ollama-js throws', async () => {
    const res = await post(`${sim.url}/api/chat`, {
      model: MODEL,
      messages: user('[[sim:error-mid-stream]] go'),
    });
    expect(res.status).toBe(200);
    const records = ndjson(await res.text());
    expect(records).toHaveLength(3);
    expect(records.at(-1)).toEqual({ error: MID_STREAM_ERROR_MESSAGE });
    const seen: string[] = [];
    const read = async () => {
      for await (const part of await client.chat({
        model: MODEL,
        messages: user('[[sim:error-mid-stream]] go'),
        stream: true,
      }))
        seen.push(part.message.content);
    };
    await expect(read()).rejects.toThrow(MID_STREAM_ERROR_MESSAGE);
    expect(seen).toHaveLength(2);
  });

  it('ignores fields it does not know, as Go’s decoder does', async () => {
    const res = await post(`${sim.url}/api/chat`, {
      model: MODEL,
      messages: user('hi'),
      stream: false,
      zz_not_a_field: { deep: [1] },
    });
    expect(res.status).toBe(200);
  });
});
