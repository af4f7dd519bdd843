import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  MessageParam,
  Tool,
  ToolUseBlock,
} from '@anthropic-ai/sdk/resources/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  INSUFFICIENT_BALANCE_MESSAGE,
  MID_STREAM_ERROR_MESSAGE,
  REPLY_FILLER,
  SIM_KEYS,
  startSimulator,
} from './index.ts';
import type { RunningSimulator } from './index.ts';
import { PNG_BASE64, WEATHER_PARAMETERS, parseSse, readToEnd } from './test-helpers.ts';

let sim: RunningSimulator;
let client: Anthropic;
beforeAll(async () => {
  sim = await startSimulator();
  client = new Anthropic({ apiKey: SIM_KEYS.full, baseURL: sim.url, maxRetries: 0 });
});
afterEach(() => {
  sim.faults = '';
});
afterAll(() => sim.close());

const VERSION = { 'anthropic-version': '2023-06-01' };

/** A raw request to a Messages path, x-api-key auth by default. */
function raw(
  body: unknown,
  headers: Record<string, string> = {},
  path = '/v1/messages',
): Promise<Response> {
  return fetch(sim.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': SIM_KEYS.full,
      ...VERSION,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const user = (text: string): MessageParam[] => [{ role: 'user', content: text }];
const reply = (text: string): string => `Simulated reply to: "${text}". ${REPLY_FILLER}`;

const weatherTool: Tool = {
  name: 'get_weather',
  description: 'Current weather',
  input_schema: WEATHER_PARAMETERS as Tool['input_schema'],
};
const timeTool: Tool = { name: 'get_time', input_schema: { type: 'object', properties: {} } };

/** The error body the API sends: `{"type":"error","error":{...},"request_id"}`. */
async function errorOf(res: Response): Promise<{ type: string; message: string }> {
  const body = (await res.json()) as {
    type: string;
    error: { type: string; message: string };
    request_id: unknown;
  };
  expect(body.type).toBe('error');
  expect(body.request_id).toEqual(expect.stringMatching(/^req_/));
  return body.error;
}

describe('messages: text', () => {
  it('answers through the SDK with a Message, streamed and not, alike', async () => {
    const text = 'What is the capital of France?';
    const whole = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 1024,
      messages: user(text),
    });
    expect(whole).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'sim-anthropic',
      stop_reason: 'end_turn',
      stop_sequence: null,
      content: [{ type: 'text', text: reply(text) }],
    });
    expect(whole.id).toMatch(/^msg_/);
    expect(whole._request_id).toMatch(/^req_sim/);
    const words = reply(text).split(' ').length;
    expect(whole.usage).toMatchObject({
      input_tokens: Math.ceil(text.length / 4),
      output_tokens: words,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
    // No thinking without the request asking for it.
    expect(whole.usage.output_tokens_details).toBeNull();

    const stream = client.messages.stream({
      model: 'sim-anthropic',
      max_tokens: 1024,
      messages: user(text),
    });
    let deltas = 0;
    stream.on('text', () => (deltas += 1));
    const final = await stream.finalMessage();
    expect(deltas).toBe(words);
    expect(final.content).toEqual(whole.content);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage).toMatchObject({
      input_tokens: whole.usage.input_tokens,
      output_tokens: words,
    });
  });

  it('streams named events in the API’s order, each event line matching its type', async () => {
    const res = await raw({
      model: 'sim-all',
      max_tokens: 64,
      stream: true,
      messages: user('order'),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('request-id')).toMatch(/^req_sim/);
    const body = await res.text();
    expect(body).not.toContain('[DONE]');
    const records = parseSse(body);
    const types = records.map((r) => (JSON.parse(r.data) as { type: string }).type);
    expect(records.map((r) => r.event)).toEqual(types);
    const words = reply('order').split(' ').length;
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      ...Array<string>(words).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const events = records.map((r) => JSON.parse(r.data) as Record<string, unknown>);
    expect(events[0]).toMatchObject({
      message: { content: [], stop_reason: null, usage: { input_tokens: 2, output_tokens: 1 } },
    });
    expect(events[1]).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '', citations: null },
    });
    expect(events[3]).toEqual({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: 'Simulated ' },
    });
    expect(events.at(-2)).toMatchObject({
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: 2, output_tokens: words },
    });
  });

  it('reads system as a string, as blocks and as mid-conversation system messages', async () => {
    const base = await client.messages.create({
      model: 'sim-all',
      max_tokens: 100,
      messages: user('abcd'),
    });
    expect(base.usage.input_tokens).toBe(1);
    const system = 'x'.repeat(40);
    const asString = await client.messages.create({
      model: 'sim-all',
      max_tokens: 100,
      system,
      messages: user('abcd'),
    });
    expect(asString.usage.input_tokens).toBe(11);
    const asBlocks = await client.messages.create({
      model: 'sim-all',
      max_tokens: 100,
      system: [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'abcd' }] },
        { role: 'system', content: 'y'.repeat(40) },
      ],
    });
    expect(asBlocks.usage.input_tokens).toBe(21);
    // A system message is nobody's turn: the user text is still the one answered.
    expect(asBlocks.content[0]).toMatchObject({ text: reply('abcd') });
  });

  it('stops at max_tokens and at a stop sequence', async () => {
    const capped = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 2,
      messages: user('cap me'),
    });
    expect(capped.stop_reason).toBe('max_tokens');
    expect(capped.content).toEqual([{ type: 'text', text: 'Simulated reply ', citations: null }]);
    expect(capped.usage.output_tokens).toBe(2);

    const params = {
      model: 'sim-anthropic',
      max_tokens: 1024,
      messages: user('stop me'),
      stop_sequences: ['never there', 'upstream'],
    };
    const stopped = await client.messages.create(params);
    expect(stopped.stop_reason).toBe('stop_sequence');
    expect(stopped.stop_sequence).toBe('upstream');
    const text = reply('stop me');
    expect(stopped.content[0]).toMatchObject({ text: text.slice(0, text.indexOf('upstream')) });
    const streamed = await client.messages.stream(params).finalMessage();
    expect(streamed.content).toEqual(stopped.content);
    expect(streamed.stop_sequence).toBe('upstream');
    // The cap wins when it comes first.
    const both = await client.messages.create({ ...params, max_tokens: 3 });
    expect(both.stop_reason).toBe('max_tokens');
  });

  it('gives JSON valid against output_config.format (and the beta output_format)', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, n: { type: 'integer' } },
      required: ['name', 'n'],
      additionalProperties: false,
    };
    const res = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 1024,
      messages: user('json please'),
      output_config: { format: { type: 'json_schema', schema } },
    });
    const block = res.content[0];
    expect(block?.type).toBe('text');
    expect(JSON.parse(block?.type === 'text' ? block.text : '')).toEqual({ name: 'value', n: 1 });
    const beta = await raw({
      model: 'sim-anthropic',
      max_tokens: 1024,
      messages: user('json please'),
      output_format: { type: 'json_schema', schema },
    });
    const betaBody = (await beta.json()) as { content: { text: string }[] };
    expect(JSON.parse(betaBody.content[0]?.text ?? '')).toEqual({ name: 'value', n: 1 });
  });

  it('counts base64 images and rejects bad ones', async () => {
    const ok = await client.messages.create({
      model: 'sim-all',
      max_tokens: 1024,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'see' },
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
            },
          ],
        },
      ],
    });
    expect(ok.content[0]).toMatchObject({ text: expect.stringContaining('I see 1 image.') });
    const bad = await raw({
      model: 'sim-all',
      max_tokens: 1024,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: '%%' } },
          ],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({ type: 'invalid_request_error' });
  });
});

describe('messages: tools', () => {
  it('calls a tool, streams its input in pieces, and answers the tool_result', async () => {
    const prompt = 'Weather in Paris?';
    const params = {
      model: 'sim-all',
      max_tokens: 1024,
      tools: [weatherTool, timeTool],
      messages: user(prompt),
    };
    const first = await client.messages.create(params);
    expect(first.stop_reason).toBe('tool_use');
    const call = first.content[0] as ToolUseBlock;
    expect(call).toMatchObject({
      type: 'tool_use',
      name: 'get_weather',
      caller: { type: 'direct' },
    });
    expect(call.id).toMatch(/^toolu_/);
    expect(call.input).toEqual({ city: 'Paris' });
    expect(first.content).toHaveLength(1);

    const streamed = await client.messages.stream(params).finalMessage();
    expect(streamed.content).toEqual(first.content);
    expect(streamed.usage.output_tokens).toBe(first.usage.output_tokens);
    const rawStream = await raw({ ...params, stream: true });
    const deltas = parseSse(await rawStream.text())
      .map(
        (r) =>
          JSON.parse(r.data) as { type: string; delta?: { type: string; partial_json?: string } },
      )
      .filter((e) => e.delta?.type === 'input_json_delta')
      .map((e) => e.delta?.partial_json);
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(deltas[0]).toBe('');
    expect(deltas.join('')).toBe(JSON.stringify(call.input));

    const second = await client.messages.create({
      ...params,
      messages: [
        ...user(prompt),
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: call.id, content: '18 degrees' }],
        },
      ],
    });
    expect(second.stop_reason).toBe('end_turn');
    expect(second.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('Tool get_weather returned 18 degrees.'),
    });
  });

  it('answers a tool_result of image blocks, naming each image', async () => {
    const answer = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 1024,
      messages: [
        ...user('What is on screen?'),
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_s', name: 'Read', input: {} }],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_s',
              content: [
                {
                  type: 'image',
                  source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
                },
                { type: 'image', source: { type: 'url', url: 'https://example.com/d.png' } },
              ],
            },
          ],
        },
      ],
    });
    expect(answer.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining(
        'Tool Read returned an image (image/png, 68 bytes) and an image (https://example.com/d.png).',
      ),
    });
  });

  it('honours the [[call:]] trigger and tool_choice any / tool / none', async () => {
    const tools = [weatherTool, timeTool];
    const triggered = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 1024,
      tools,
      messages: user('[[call:get_time {"zone":"UTC"}]]'),
    });
    expect(triggered.content).toMatchObject([{ name: 'get_time', input: { zone: 'UTC' } }]);
    const forced = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 1024,
      tools,
      tool_choice: { type: 'tool', name: 'get_time' },
      messages: user('anything'),
    });
    expect(forced.content).toMatchObject([{ type: 'tool_use', name: 'get_time', input: {} }]);
    const none = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 1024,
      tools,
      tool_choice: { type: 'none' },
      messages: user('no tools'),
    });
    expect(none.stop_reason).toBe('end_turn');
    const parallel = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 1024,
      tools,
      tool_choice: { type: 'any' },
      messages: user('both [[sim:parallel-tools]]'),
    });
    expect(parallel.content.map((b) => (b as ToolUseBlock).name)).toEqual([
      'get_weather',
      'get_time',
    ]);
    const single = await client.messages.create({
      model: 'sim-anthropic',
      max_tokens: 1024,
      tools,
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      messages: user('both [[sim:parallel-tools]]'),
    });
    expect(single.content).toHaveLength(1);
    const unknown = await raw({
      model: 'sim-anthropic',
      max_tokens: 1024,
      tools,
      tool_choice: { type: 'tool', name: 'nope' },
      messages: user('x'),
    });
    expect(unknown.status).toBe(400);
  });

  it('links every tool_result to a tool_use of the previous message, and back', async () => {
    const assistant: MessageParam = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_a', name: 'get_time', input: {} }],
    };
    const unanswered = await raw({
      model: 'sim-all',
      max_tokens: 1024,
      tools: [timeTool],
      messages: [...user('t'), assistant, ...user('never mind')],
    });
    expect(unanswered.status).toBe(400);
    expect((await errorOf(unanswered)).message).toContain(
      '`tool_use` ids were found without `tool_result` blocks immediately after: toolu_a',
    );
    const stray = await raw({
      model: 'sim-all',
      max_tokens: 1024,
      tools: [timeTool],
      messages: [
        ...user('t'),
        assistant,
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_a', content: 'noon' },
            { type: 'tool_result', tool_use_id: 'toolu_b', content: 'noon' },
          ],
        },
      ],
    });
    expect(stray.status).toBe(400);
    expect((await errorOf(stray)).message).toContain(
      'unexpected `tool_use_id` found in `tool_result` blocks: toolu_b',
    );
  });
});

describe('messages: thinking and signatures', () => {
  const thinking = { type: 'enabled' as const, budget_tokens: 1024 };
  const base = { model: 'sim-anthropic', max_tokens: 2048 };

  it('returns a signed thinking block when thinking is on, streamed as deltas', async () => {
    const res = await client.messages.create({ ...base, thinking, messages: user('Think') });
    expect(res.content[0]).toEqual({
      type: 'thinking',
      thinking: 'Thinking about "Think".',
      signature: expect.any(String) as unknown,
    });
    const signature = (res.content[0] as { signature: string }).signature;
    expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(res.content[1]).toMatchObject({ type: 'text', text: reply('Think') });
    // Thinking counts in output_tokens.
    expect(res.usage.output_tokens_details?.thinking_tokens).toBe(9);
    expect(res.usage.output_tokens).toBe(9 + reply('Think').split(' ').length);

    const rawStream = await raw({ ...base, thinking, stream: true, messages: user('Think') });
    const events = parseSse(await rawStream.text()).map(
      (r) => JSON.parse(r.data) as { type: string; index?: number; delta?: Record<string, string> },
    );
    const deltas = events.filter((e) => e.type === 'content_block_delta' && e.index === 0);
    expect(deltas.map((e) => e.delta?.type)).toEqual([
      'thinking_delta',
      'thinking_delta',
      'thinking_delta',
      'signature_delta',
    ]);
    expect(deltas.at(-1)?.delta?.signature).toBe(signature);
    const streamed = await client.messages
      .stream({ ...base, thinking, messages: user('Think') })
      .finalMessage();
    expect(streamed.content).toEqual(res.content);
  });

  it('omits the thinking text, not the signature, with display "omitted"', async () => {
    const res = await client.messages.create({
      ...base,
      thinking: { type: 'adaptive', display: 'omitted' },
      messages: user('quiet'),
    });
    expect(res.content[0]).toMatchObject({ type: 'thinking', thinking: '' });
    expect((res.content[0] as { signature: string }).signature).not.toBe('');
  });

  it('requires the thinking blocks back unchanged in a tool loop', async () => {
    const base = { model: 'sim-anthropic', max_tokens: 2048, tools: [weatherTool] };
    const prompt = 'Weather in Paris?';
    const first = await client.messages.create({ ...base, thinking, messages: user(prompt) });
    expect(first.content.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
    const call = first.content[1] as ToolUseBlock;
    const loop = (assistant: unknown[]): MessageParam[] => [
      ...user(prompt),
      { role: 'assistant', content: assistant as ContentBlock[] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'sunny' }] },
    ];
    const ok = await client.messages.create({ ...base, thinking, messages: loop(first.content) });
    expect(ok.content.map((b) => b.type)).toEqual(['thinking', 'text']);
    expect(ok.content[1]).toMatchObject({ text: expect.stringContaining('returned sunny') });

    const [block] = first.content as [{ type: 'thinking'; thinking: string; signature: string }];
    const cases: [string, unknown[], string][] = [
      [
        'a tampered signature',
        [{ ...block, signature: `${block.signature.slice(0, -4)}AAAA` }, call],
        'Invalid `signature` in `thinking` block',
      ],
      [
        'edited thinking text',
        [{ ...block, thinking: `${block.thinking} (edited)` }, call],
        'Invalid `signature` in `thinking` block',
      ],
      [
        'a missing signature',
        [{ type: 'thinking', thinking: block.thinking }, call],
        'thinking.signature: Field required',
      ],
      [
        'a dropped thinking block',
        [call],
        'Expected `thinking` or `redacted_thinking`, but found `tool_use`',
      ],
    ];
    for (const [name, assistant, message] of cases) {
      const res = await raw({ ...base, thinking, messages: loop(assistant) });
      expect(res.status, name).toBe(400);
      const error = await errorOf(res);
      expect(error.type, name).toBe('invalid_request_error');
      expect(error.message, name).toContain(message);
      await expect(
        client.messages.create({ ...base, thinking, messages: loop(assistant) as MessageParam[] }),
        name,
      ).rejects.toMatchObject({ status: 400 });
    }
    // Without thinking, or on a model that does not sign, the bare call is fine.
    expect((await raw({ ...base, messages: loop([call]) })).status).toBe(200);
    expect(
      (await raw({ ...base, model: 'sim-all', thinking, messages: loop([call]) })).status,
    ).toBe(200);
  });

  it('checks the thinking budget like the API', async () => {
    const low = await raw({
      ...base,
      thinking: { type: 'enabled', budget_tokens: 100 },
      messages: user('x'),
    });
    expect(low.status).toBe(400);
    const over = await raw({
      ...base,
      max_tokens: 1024,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: user('x'),
    });
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toContain('`max_tokens` must be greater than');
  });
});

describe('messages: count_tokens', () => {
  it('counts what a create would report as input', async () => {
    const params = {
      model: 'sim-anthropic',
      system: 'Be brief, be kind.',
      messages: user('How many tokens is this prompt?'),
    };
    const counted = await client.messages.countTokens(params);
    const created = await client.messages.create({ ...params, max_tokens: 1024 });
    expect(counted).toEqual({ input_tokens: created.usage.input_tokens });
    const viaBearer = new Anthropic({
      authToken: SIM_KEYS.limited,
      apiKey: null,
      baseURL: sim.url,
    });
    // The limited key sees sim-chat and sim-gemini only.
    await expect(viaBearer.messages.countTokens(params)).rejects.toMatchObject({ status: 404 });
    const chatOnly = await raw(
      { model: 'sim-chat', messages: user('x') },
      {},
      '/v1/messages/count_tokens',
    );
    expect(chatOnly.status).toBe(404);
    expect(await errorOf(chatOnly)).toMatchObject({ type: 'not_found_error' });
  });
});

describe('messages: auth, headers and request errors', () => {
  it('takes x-api-key or a Bearer key, and ?beta=true', async () => {
    const body = { model: 'sim-all', max_tokens: 64, messages: user('hi') };
    expect((await raw(body)).status).toBe(200);
    const bearer = await raw(body, { 'x-api-key': '', authorization: `Bearer ${SIM_KEYS.full}` });
    expect(bearer.status).toBe(200);
    expect((await raw(body, {}, '/v1/messages?beta=true')).status).toBe(200);
    const entry = sim.journal.at(-1);
    expect(entry).toMatchObject({ path: '/v1/messages', query: { beta: 'true' } });
    expect(entry?.key).toBe(SIM_KEYS.full);
    const bad = await raw(body, { 'x-api-key': 'not-a-key' });
    expect(bad.status).toBe(401);
    expect(await errorOf(bad)).toMatchObject({ type: 'authentication_error' });
    // x-api-key is a Messages-path header only.
    const models = await fetch(`${sim.url}/v1/models`, { headers: { 'x-api-key': SIM_KEYS.full } });
    expect(models.status).toBe(401);
  });

  it('requires anthropic-version, max_tokens and a Messages model', async () => {
    const body = { model: 'sim-all', max_tokens: 64, messages: user('hi') };
    const noVersion = await raw(body, { 'anthropic-version': '' });
    expect(noVersion.status).toBe(400);
    expect(await errorOf(noVersion)).toEqual({
      type: 'invalid_request_error',
      message: 'anthropic-version: header is required',
    });
    const noMax = await raw({ model: 'sim-all', messages: user('hi') });
    expect(noMax.status).toBe(400);
    expect((await errorOf(noMax)).message).toBe('max_tokens: Field required');
    const badJson = await raw('{');
    expect(badJson.status).toBe(400);
    const chat = await raw({ ...body, model: 'sim-chat' });
    expect(chat.status).toBe(404);
    expect(await errorOf(chat)).toMatchObject({
      type: 'not_found_error',
      message: expect.stringContaining('does not support the messages (anthropic) endpoint'),
    });
    expect((await raw({ ...body, model: 'claude-nope' })).status).toBe(404);
    const get = await fetch(`${sim.url}/v1/messages`, { headers: { 'x-api-key': SIM_KEYS.full } });
    expect(get.status).toBe(405);
    expect(await errorOf(get)).toMatchObject({ type: 'invalid_request_error' });
  });
});

describe('messages: faults', () => {
  const body = (text: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    model: 'sim-anthropic',
    max_tokens: 1024,
    messages: user(text),
    ...extra,
  });

  it('answers status markers with the API’s error types', async () => {
    const limited = await raw(body('[[sim:429:retry-after=3]]'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await errorOf(limited)).toMatchObject({ type: 'rate_limit_error' });
    const overloaded = await raw(body('[[sim:529]]'));
    expect(overloaded.status).toBe(529);
    expect(await errorOf(overloaded)).toMatchObject({ type: 'overloaded_error' });
    const internal = await raw(body('[[sim:500]]'));
    expect(await errorOf(internal)).toMatchObject({ type: 'api_error' });
    await expect(client.messages.create(body('[[sim:529]]') as never)).rejects.toMatchObject({
      status: 529,
    });
  });

  it('refuses for balance with a 403 that says so', async () => {
    const marker = await raw(body('[[sim:balance]]'));
    expect(marker.status).toBe(403);
    expect(await errorOf(marker)).toEqual({
      type: 'permission_error',
      message: INSUFFICIENT_BALANCE_MESSAGE,
    });
    const broke = await raw(body('hi'), { 'x-api-key': SIM_KEYS.broke });
    expect(broke.status).toBe(403);
  });

  it('sends an error event mid-stream, which the SDK throws', async () => {
    const res = await raw(body('oops [[sim:error-mid-stream]]', { stream: true }));
    const records = parseSse(await res.text());
    expect(records.map((r) => r.event)).toEqual(['message_start', 'content_block_start', 'error']);
    expect(JSON.parse(records[2]?.data ?? '')).toMatchObject({
      type: 'error',
      error: { type: 'api_error', message: MID_STREAM_ERROR_MESSAGE },
    });
    await expect(
      client.messages.stream(body('oops [[sim:error-mid-stream]]') as never).finalMessage(),
    ).rejects.toThrow(MID_STREAM_ERROR_MESSAGE);
    const whole = await raw(body('oops [[sim:error-mid-stream]]'));
    expect(whole.status).toBe(500);
  });

  it('cuts the stream after N records', async () => {
    const res = await raw(body('cut [[sim:cut-after=4]]', { stream: true }));
    const { text, failed } = await readToEnd(res);
    expect(failed).toBe(true);
    expect(parseSse(text)).toHaveLength(4);
    expect(text).not.toContain('message_stop');
  });

  it('reports cached tokens as cache reads, out of input_tokens', async () => {
    const text = '[[sim:cached=3]] a prompt long enough for several tokens';
    const total = Math.ceil(text.length / 4);
    const res = await client.messages.create(body(text) as never);
    expect(res.usage).toMatchObject({ input_tokens: total - 3, cache_read_input_tokens: 3 });
    const streamed = await client.messages.stream(body(text) as never).finalMessage();
    expect(streamed.usage).toMatchObject({ input_tokens: total - 3, cache_read_input_tokens: 3 });
  });
});
