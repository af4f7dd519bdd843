import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanCallTrigger } from './call-trigger.ts';
import { startSimulator } from './index.ts';
import type { RunningSimulator } from './index.ts';
import { WEATHER_PARAMETERS, post, sseJson, userChat, userContents } from './test-helpers.ts';

describe('scanCallTrigger', () => {
  it('finds no trigger in ordinary text or in fault markers', () => {
    expect(scanCallTrigger('What is the weather? [[sim:429]]')).toEqual({ kind: 'none' });
  });

  it('reads the tool name and its JSON object arguments, re-serialized compactly', () => {
    expect(scanCallTrigger('Go. [[call:get_weather { "city": "Oslo" }]] thanks')).toEqual({
      kind: 'call',
      trigger: { name: 'get_weather', args: { city: 'Oslo' }, argsJson: '{"city":"Oslo"}' },
    });
  });

  it('takes arguments holding ] and } (arrays, nested objects, strings)', () => {
    const args = { cmd: ['bash', '-lc', 'echo "}]]"'], env: { A: { b: [1] } } };
    const scan = scanCallTrigger(`[[call:shell ${JSON.stringify(args)}]]`);
    expect(scan).toEqual({
      kind: 'call',
      trigger: { name: 'shell', args, argsJson: JSON.stringify(args) },
    });
  });

  it('means empty arguments when none are given, and only the first trigger counts', () => {
    expect(scanCallTrigger('[[call:get_time]] then [[call:get_weather {"city":"Rome"}]]')).toEqual({
      kind: 'call',
      trigger: { name: 'get_time', args: {}, argsJson: '{}' },
    });
  });

  it.each([
    ['[[call: {"a":1}]]', 'a tool name must follow [[call:'],
    ['[[call:get_time [1]]]', 'the arguments of get_time must be a JSON object'],
    ['[[call:get_time {"a":}]]', 'the arguments of get_time are not a JSON object followed by ]]'],
    ['[[call:get_time {"a":1}', 'the arguments of get_time are not a JSON object followed by ]]'],
  ])('reports %s as malformed', (text, reason) => {
    expect(scanCallTrigger(text)).toEqual({ kind: 'malformed', reason });
  });
});

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const chatTools = [
  { type: 'function', function: { name: 'get_weather', parameters: WEATHER_PARAMETERS } },
  {
    type: 'function',
    function: {
      name: 'read_file',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  },
];

const chat = (body: Record<string, unknown>) =>
  post(`${sim.url}/v1/chat/completions`, { model: 'sim-chat', tools: chatTools, ...body });

interface ChatCall {
  id: string;
  function: { name: string; arguments: string };
}

async function chatCalls(res: Response): Promise<ChatCall[]> {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { choices: { message: { tool_calls?: ChatCall[] } }[] };
  return body.choices[0]?.message.tool_calls ?? [];
}

describe('the [[call:]] trigger in each format', () => {
  it('chat: calls exactly the named tool (not the first) with exactly the given arguments', async () => {
    const prompt = 'Open it [[call:read_file {"path":"notes/a.txt","extra":[1,2]}]]';
    const calls = await chatCalls(await chat({ messages: userChat(prompt) }));
    expect(calls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['read_file', { path: 'notes/a.txt', extra: [1, 2] }],
    ]);

    const call = calls[0]!;
    const answer = await chat({
      messages: [
        ...userChat(prompt),
        { role: 'assistant', content: null, tool_calls: [{ ...call, type: 'function' }] },
        { role: 'tool', tool_call_id: call.id, content: 'file body 42' },
      ],
    });
    const body = (await answer.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]?.message.content).toContain('Tool read_file returned file body 42.');
  });

  it('chat streaming: the streamed call carries the given arguments', async () => {
    const res = await chat({
      messages: userChat('[[call:read_file {"path":"x"}]]'),
      stream: true,
    });
    const deltas = sseJson(await res.text()).flatMap((chunk) => {
      const choices = chunk.choices as { delta: { tool_calls?: ChatCall[] } }[];
      return choices.flatMap((c) => c.delta.tool_calls ?? []);
    });
    expect(deltas[0]?.function.name).toBe('read_file');
    expect(deltas.map((d) => d.function.arguments).join('')).toBe('{"path":"x"}');
  });

  it('responses: emits one function_call item for the named tool', async () => {
    const res = await post(`${sim.url}/v1/responses`, {
      model: 'sim-responses',
      input: 'Go [[call:lookup {"key":"k1"}]]',
      tools: [
        { type: 'web_search' },
        { type: 'function', name: 'first', parameters: { type: 'object', properties: {} } },
        { type: 'function', name: 'lookup', parameters: { type: 'object', properties: {} } },
      ],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      output: { type: string; name?: string; arguments?: string }[];
    };
    expect(body.output.map((o) => [o.type, o.name, o.arguments])).toEqual([
      ['function_call', 'lookup', '{"key":"k1"}'],
    ]);
  });

  it('native: calls the named declaration with the given args, signed on a thinking model', async () => {
    const res = await post(`${sim.url}/v1beta/models/sim-gemini:generateContent`, {
      contents: userContents('List it [[call:list_directory {"dir_path":"."}]]'),
      tools: [{ functionDeclarations: [{ name: 'read_file' }, { name: 'list_directory' }] }],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      candidates: { content: { parts: { functionCall?: unknown; thoughtSignature?: string }[] } }[];
    };
    const parts = body.candidates[0]?.content.parts ?? [];
    expect(parts.map((p) => p.functionCall)).toEqual([
      { name: 'list_directory', args: { dir_path: '.' } },
    ]);
    expect(parts[0]?.thoughtSignature).toEqual(expect.any(String));
  });
});

describe('when the trigger does not apply', () => {
  it('a tool the request does not declare is a 400 listing the declared tools', async () => {
    const res = await chat({ messages: userChat('[[call:delete_everything {}]]') });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        message:
          "Simulator [[call:]] trigger: the request declares no tool named 'delete_everything' (declared: get_weather, read_file).",
        param: 'tools',
      },
    });
  });

  it('malformed arguments are a 400 saying what is wrong', async () => {
    const res = await chat({ messages: userChat('[[call:read_file {"path":]]') });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      'Simulator [[call:]] trigger: the arguments of read_file are not a JSON object followed by ]].',
    );
  });

  it('a request with no tools gets a text answer (side requests of agent CLIs)', async () => {
    const res = await post(`${sim.url}/v1/chat/completions`, {
      model: 'sim-chat',
      messages: userChat('Title this: [[call:read_file {"path":"x"}]]'),
    });
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]?.message.content).toMatch(/^Simulated reply to: "Title this:/);
  });

  it('tool_choice none, or a named choice of another tool, wins over the trigger', async () => {
    const trigger = userChat('[[call:read_file {"path":"x"}]]');
    expect(await chatCalls(await chat({ messages: trigger, tool_choice: 'none' }))).toEqual([]);
    const named = await chatCalls(
      await chat({
        messages: trigger,
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
      }),
    );
    expect(named.map((c) => c.function.name)).toEqual(['get_weather']);
  });

  it('without a trigger the first tool is still called with schema-derived arguments', async () => {
    const calls = await chatCalls(await chat({ messages: userChat('Weather in Paris?') }));
    expect(calls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['get_weather', { city: 'Paris' }],
    ]);
  });
});
