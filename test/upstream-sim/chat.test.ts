import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_BALANCE_MESSAGE, SIM_KEYS, startSimulator } from './index.ts';
import type { RunningSimulator } from './index.ts';
import { PNG_BASE64, WEATHER_PARAMETERS, post, sseJson, userChat } from './test-helpers.ts';

let sim: RunningSimulator;
let client: OpenAI;
beforeAll(async () => {
  sim = await startSimulator();
  client = new OpenAI({ apiKey: SIM_KEYS.full, baseURL: `${sim.url}/v1`, maxRetries: 0 });
});
afterAll(() => sim.close());

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER_PARAMETERS },
};
const timeTool = {
  type: 'function' as const,
  function: { name: 'get_time', parameters: { type: 'object', properties: {} } },
};

describe('chat completions: text', () => {
  it('answers deterministically with consistent usage', async () => {
    const messages = userChat('What is the capital of France?');
    const a = await client.chat.completions.create({ model: 'sim-chat', messages });
    const b = await client.chat.completions.create({ model: 'sim-chat', messages });
    expect(a.object).toBe('chat.completion');
    expect(a.id).toMatch(/^chatcmpl-/);
    const choice = a.choices[0];
    expect(choice?.finish_reason).toBe('stop');
    expect(choice?.message.content).toBe(
      'Simulated reply to: "What is the capital of France?". This answer comes from the upstream simulator and is deterministic.',
    );
    expect(b.choices[0]?.message.content).toBe(choice?.message.content);
    const usage = a.usage;
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
    expect(usage?.prompt_tokens).toBe(Math.ceil('What is the capital of France?'.length / 4));
    expect(usage?.prompt_tokens_details?.cached_tokens).toBe(0);
    expect(usage?.completion_tokens_details?.reasoning_tokens).toBe(0);
  });

  it('streams the same text, usage only with include_usage, then [DONE]', async () => {
    const messages = userChat('Stream me something');
    const whole = await client.chat.completions.create({ model: 'sim-all', messages });
    const stream = await client.chat.completions.create({
      model: 'sim-all',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: unknown = null;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(5);
    expect(text).toBe(whole.choices[0]?.message.content);
    expect(usage).toEqual(whole.usage);

    const raw = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-chat',
      messages,
      stream: true,
    });
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    const body = await raw.text();
    expect(body).not.toContain('event:');
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const payloads = sseJson(body);
    expect(payloads.every((c) => c.usage === null)).toBe(true);
    expect(payloads[0]).toMatchObject({ choices: [{ delta: { role: 'assistant', content: '' } }] });
    expect(payloads.at(-1)).toMatchObject({ choices: [{ delta: {}, finish_reason: 'stop' }] });
  });

  it('works with the chat.completions.stream() helper', async () => {
    const runner = client.chat.completions.stream({
      model: 'sim-chat',
      messages: userChat('helper test'),
      stream_options: { include_usage: true },
    });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]?.message.content).toContain('Simulated reply to: "helper test"');
    expect(final.choices[0]?.finish_reason).toBe('stop');
  });

  it('truncates at max_completion_tokens ?? max_tokens with finish_reason length', async () => {
    const messages = userChat('cap me');
    const capped = await client.chat.completions.create({
      model: 'sim-chat',
      messages,
      max_completion_tokens: 3,
      max_tokens: 50,
    });
    expect(capped.choices[0]?.finish_reason).toBe('length');
    expect(capped.choices[0]?.message.content).toBe('Simulated reply to: ');
    expect(capped.usage?.completion_tokens).toBe(3);
    const legacy = await client.chat.completions.create({
      model: 'sim-chat',
      messages,
      max_tokens: 2,
    });
    expect(legacy.choices[0]?.message.content).toBe('Simulated reply ');
  });

  it('accepts a model with no markers on the chat route', async () => {
    const res = await client.chat.completions.create({
      model: 'sim-no-markers',
      messages: userChat('hi'),
    });
    expect(res.choices[0]?.message.content).toContain('Simulated reply');
  });
});

describe('chat completions: tools', () => {
  it('calls the first tool with schema-derived arguments, then reads the result', async () => {
    const messages: OpenAI.ChatCompletionMessageParam[] = userChat('Weather in Paris?');
    const first = await client.chat.completions.create({
      model: 'sim-chat',
      messages,
      tools: [weatherTool, timeTool],
    });
    const choice = first.choices[0];
    if (choice === undefined) throw new Error('expected a choice');
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    const call = choice.message.tool_calls?.[0];
    expect(call?.id).toMatch(/^call_/);
    expect(call?.type).toBe('function');
    if (call?.type !== 'function') throw new Error('expected a function call');
    expect(call.function.name).toBe('get_weather');
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });

    const second = await client.chat.completions.create({
      model: 'sim-chat',
      tools: [weatherTool],
      messages: [
        ...messages,
        choice.message,
        { role: 'tool', tool_call_id: call.id, content: '{"temp_c":18}' },
      ],
    });
    expect(second.choices[0]?.finish_reason).toBe('stop');
    expect(second.choices[0]?.message.content).toContain(
      'Tool get_weather returned {"temp_c":18}.',
    );
  });

  it('answers tool results with the images of a user message right after them', async () => {
    const history = (model: string): OpenAI.ChatCompletionMessageParam[] => [
      ...userChat('What is on screen?'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_s', type: 'function', function: { name: 'screenshot', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_s', content: 'shot.png' },
      {
        role: 'user',
        content: [
          { type: 'text', text: `Image from the result of screenshot (call_s) for ${model}:` },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ];
    const tools = [{ ...weatherTool, function: { ...weatherTool.function, name: 'screenshot' } }];
    const answer = await client.chat.completions.create({
      model: 'sim-chat',
      tools,
      messages: history('sim-chat'),
    });
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(answer.choices[0]?.message.content).toContain(
      'Tool screenshot returned shot.png and an image (image/png, 68 bytes).',
    );
    // A text-only model refuses them as it refuses any image.
    const perCall = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-per-call',
      tools,
      messages: history('sim-per-call'),
    });
    expect(perCall.status).toBe(400);
  });

  it('streams tool calls the helper can assemble; named choice and parallel marker', async () => {
    const runner = client.chat.completions.stream({
      model: 'sim-chat',
      messages: userChat('what time is it'),
      tools: [weatherTool, timeTool],
      tool_choice: { type: 'function', function: { name: 'get_time' } },
    });
    const final = await runner.finalChatCompletion();
    const calls = final.choices[0]?.message.tool_calls ?? [];
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      type: 'function',
      function: { name: 'get_time', arguments: '{}' },
    });

    const raw = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-chat',
      stream: true,
      messages: userChat('both please [[sim:parallel-tools]]'),
      tools: [weatherTool, timeTool],
    });
    const chunks = sseJson(await raw.text());
    type Delta = {
      tool_calls?: {
        index: number;
        id?: string;
        function?: { name?: string; arguments?: string };
      }[];
    };
    const deltas = chunks.flatMap((c) => {
      const choices = c.choices as { delta: Delta }[];
      return choices.flatMap((ch) => ch.delta.tool_calls ?? []);
    });
    const starts = deltas.filter((d) => d.id !== undefined);
    expect(starts.map((d) => [d.index, d.function?.name, d.function?.arguments])).toEqual([
      [0, 'get_weather', ''],
      [1, 'get_time', ''],
    ]);
    const fragments = deltas.filter((d) => d.index === 0 && d.id === undefined);
    expect(fragments.length).toBeGreaterThanOrEqual(2);
    expect(fragments.map((d) => d.function?.arguments).join('')).toBe('{"city":"Paris"}');
  });

  it('does not call tools with tool_choice none', async () => {
    const res = await client.chat.completions.create({
      model: 'sim-chat',
      messages: userChat('no tools'),
      tools: [weatherTool],
      tool_choice: 'none',
    });
    expect(res.choices[0]?.finish_reason).toBe('stop');
  });

  it('rejects tool messages that answer no tool call', async () => {
    const orphan = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-chat',
      messages: [...userChat('x'), { role: 'tool', tool_call_id: 'call_nope', content: '1' }],
    });
    expect(orphan.status).toBe(400);
    const unanswered = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-chat',
      messages: [
        ...userChat('x'),
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'f', arguments: '{}' } },
          ],
        },
        ...userChat('y'),
      ],
    });
    expect(unanswered.status).toBe(400);
    expect(await unanswered.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('call_a') as unknown,
      },
    });
  });
});

describe('chat completions: structured output and images', () => {
  it('returns JSON valid against a json_schema, also when streamed', async () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        population: { type: 'integer', minimum: 10 },
        tags: { type: 'array', items: { type: 'string' } },
        capital: { type: 'boolean' },
      },
      required: ['city', 'population', 'tags', 'capital'],
      additionalProperties: false,
    };
    const request = {
      model: 'sim-chat',
      messages: userChat('Describe Paris'),
      response_format: {
        type: 'json_schema' as const,
        json_schema: { name: 'city', strict: true, schema },
      },
    };
    const res = await client.chat.completions.create(request);
    const text = res.choices[0]?.message.content ?? '';
    expect(JSON.parse(text)).toEqual({
      city: 'Paris',
      population: 10,
      tags: ['value'],
      capital: true,
    });
    const stream = await client.chat.completions.create({ ...request, stream: true });
    let streamed = '';
    let pieces = 0;
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta.content;
      if (content) {
        streamed += content;
        pieces += 1;
      }
    }
    expect(pieces).toBeGreaterThan(2);
    expect(streamed).toBe(text);
  });

  it('wraps the reply for json_object', async () => {
    const res = await client.chat.completions.create({
      model: 'sim-chat',
      messages: userChat('json please'),
      response_format: { type: 'json_object' },
    });
    const parsed = JSON.parse(res.choices[0]?.message.content ?? '') as { reply: string };
    expect(parsed.reply).toContain('Simulated reply to: "json please"');
  });

  it('counts images and rejects a malformed data URL', async () => {
    const image = {
      type: 'image_url' as const,
      image_url: { url: `data:image/png;base64,${PNG_BASE64}` },
    };
    const res = await client.chat.completions.create({
      model: 'sim-chat',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            image,
            { ...image, image_url: { url: 'https://example.com/a.png' } },
          ],
        },
      ],
    });
    expect(res.choices[0]?.message.content).toContain('I see 2 images.');
    const bad = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-chat',
      messages: [
        {
          role: 'user',
          content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,@@@' } }],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_image_url' } });
  });

  it('refuses any image for the text-only model, in OpenAI’s words', async () => {
    const res = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-per-call',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          ],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { message: 'Invalid content type. image_url is only supported by certain models.' },
    });
    const text = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-per-call',
      messages: userChat('text is fine'),
    });
    expect(text.status).toBe(200);
  });
});

describe('chat completions: errors', () => {
  it('400 for invalid JSON and missing fields, naming the field', async () => {
    const broken = await post(`${sim.url}/v1/chat/completions`, '{"model":');
    expect(broken.status).toBe(400);
    const noMessages = await post(`${sim.url}/v1/chat/completions`, { model: 'sim-chat' });
    expect(noMessages.status).toBe(400);
    expect(await noMessages.json()).toMatchObject({ error: { param: 'messages' } });
    const noModel = await post(`${sim.url}/v1/chat/completions`, { messages: userChat('x') });
    expect(await noModel.json()).toMatchObject({ error: { param: 'model' } });
  });

  it('404 for unknown models, models outside the scope, and unsupported paths', async () => {
    await expect(
      client.chat.completions.create({ model: 'nope', messages: userChat('x') }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    const limited = await post(
      `${sim.url}/v1/chat/completions`,
      { model: 'sim-all', messages: userChat('x') },
      SIM_KEYS.limited,
    );
    expect(limited.status).toBe(404);
    const wrongPath = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-responses',
      messages: userChat('x'),
    });
    expect(wrongPath.status).toBe(404);
    const body = (await wrongPath.json()) as { error: { message: string } };
    expect(body.error.message).toContain('openai-response');
    const embed = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-embed',
      messages: userChat('x'),
    });
    expect(embed.status).toBe(404);
  });

  it('403 insufficient balance for the broke key', async () => {
    const res = await post(
      `${sim.url}/v1/chat/completions`,
      { model: 'sim-chat', messages: userChat('x') },
      SIM_KEYS.broke,
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        message: INSUFFICIENT_BALANCE_MESSAGE,
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_user_quota',
      },
    });
  });
});
