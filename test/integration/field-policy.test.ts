import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { post } from './http-helpers.ts';

/**
 * What real clients send that other formats have no place for: dropped fields are named in the
 * `x-gateway-dropped` header and the request log; limits the upstream cannot take are applied by
 * the gateway; shapes that have no twin are mapped, not refused.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const lastUpstreamBody = () => h.sim.journal.at(-1)?.body as Record<string, unknown>;
const recordOf = (response: Response) =>
  h.records.find((r) => r.requestId === response.headers.get('x-request-id'));

interface ResponsesBody {
  status: string;
  incomplete_details: { reason: string } | null;
  output: { type: string; content?: { text: string }[]; name?: string; input?: string }[];
}

describe('the field policy on translated routes', () => {
  it('drops what Codex CLI sends for OpenAI alone, and says so in the header and the log', async () => {
    const response = await post(h, '/v1/responses', {
      model: 'sim-chat',
      input: 'Hello',
      client_metadata: { session_id: 's' },
      prompt_cache_key: 'k',
      tools: [
        { type: 'web_search' },
        { type: 'function', name: 'get_time', parameters: { type: 'object', properties: {} } },
      ],
      tool_choice: 'none',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-gateway-dropped')).toBe(
      'client_metadata, prompt_cache_key, tools.0',
    );
    await response.json();
    const record = recordOf(response);
    expect(record?.dropped).toEqual(['client_metadata', 'prompt_cache_key', 'tools.0']);
    expect(record?.rules).toContain('responses.hosted_tool_dropped');
    const upstream = lastUpstreamBody();
    expect(upstream).not.toHaveProperty('client_metadata');
    expect((upstream.tools as unknown[]).length).toBe(1);
  });

  it('lets a pass-through request keep every field, with no header', async () => {
    const response = await post(h, '/v1/responses', {
      model: 'sim-responses',
      input: 'Hello',
      client_metadata: { session_id: 's' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-gateway-dropped')).toBeNull();
    await response.json();
    expect(lastUpstreamBody()).toHaveProperty('client_metadata');
  });

  it('drops the name LangChain puts on a tool message instead of refusing the turn', async () => {
    const response = await post(h, '/v1/chat/completions', {
      model: 'sim-gemini',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
        {
          role: 'tool',
          tool_call_id: 'call_1',
          name: 'get_weather',
          content: [
            { type: 'text', text: 'sunny' },
            { type: 'text', text: 'warm' },
          ],
        },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-gateway-dropped')).toBe('messages.2.name');
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    // The simulator quotes the result it got (as JSON): the two parts stayed two words.
    expect(body.choices[0]?.message.content).toContain('sunny\\nwarm');
  });

  it('cuts a translated answer at a cap below the upstream minimum and reports length', async () => {
    const response = await post(h, '/v1/chat/completions', {
      model: 'sim-responses',
      max_completion_tokens: 5,
      messages: [{ role: 'user', content: 'Tell me a long story.' }],
    });
    expect(response.status).toBe(200);
    expect(lastUpstreamBody().max_output_tokens).toBe(16);
    const body = (await response.json()) as {
      choices: { message: { content: string }; finish_reason: string }[];
    };
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    expect(countTokens(body.choices[0]?.message.content ?? '')).toBeLessThanOrEqual(5);
    expect(body.choices[0]?.message.content.length).toBeGreaterThan(0);
    expect(body.choices[0]?.finish_reason).toBe('length');
  });

  it('cuts a translated stream the same way', async () => {
    const response = await post(h, '/v1beta/models/sim-responses:streamGenerateContent?alt=sse', {
      contents: [{ role: 'user', parts: [{ text: 'Tell me a long story.' }] }],
      generationConfig: { maxOutputTokens: 3 },
    });
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map(
        (line) =>
          JSON.parse(line.slice(6)) as {
            candidates?: { content?: { parts?: { text?: string }[] }; finishReason?: string }[];
          },
      );
    const text = events
      .flatMap((e) => e.candidates?.[0]?.content?.parts ?? [])
      .map((p) => p.text ?? '')
      .join('');
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    expect(countTokens(text)).toBeLessThanOrEqual(3);
    expect(text.length).toBeGreaterThan(0);
    expect(events.map((e) => e.candidates?.[0]?.finishReason).filter(Boolean)).toEqual([
      'MAX_TOKENS',
    ]);
  });

  it('ends the text at a stop sequence the responses upstream cannot take', async () => {
    const response = await post(h, '/v1/chat/completions', {
      model: 'sim-responses',
      stop: ['simulator'],
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      choices: { message: { content: string }; finish_reason: string }[];
    };
    const content = body.choices[0]?.message.content ?? '';
    expect(content.length).toBeGreaterThan(0);
    expect(content).not.toContain('simulator');
    expect(body.choices[0]?.finish_reason).toBe('stop');
    expect(recordOf(response)?.rules).toContain('responses.stop_applied_by_gateway');
  });

  it('sends a subset of allowed tools in auto mode to Gemini as VALIDATED', async () => {
    const response = await post(h, '/v1/responses', {
      model: 'sim-gemini',
      input: 'Hello',
      tools: ['a', 'b'].map((name) => ({
        type: 'function',
        name,
        parameters: { type: 'object', properties: {} },
      })),
      tool_choice: {
        type: 'allowed_tools',
        mode: 'auto',
        tools: [{ type: 'function', name: 'b' }],
      },
    });
    expect(response.status).toBe(200);
    await response.json();
    expect(lastUpstreamBody().toolConfig).toEqual({
      functionCallingConfig: { mode: 'VALIDATED', allowedFunctionNames: ['b'] },
    });
  });

  it('keeps the user turns around a mid-conversation developer message apart for Gemini', async () => {
    const response = await post(h, '/v1/responses', {
      model: 'sim-gemini',
      input: [
        { role: 'user', content: 'first' },
        { role: 'developer', content: 'Answer in French.' },
        { role: 'user', content: 'second' },
      ],
    });
    expect(response.status).toBe(200);
    await response.json();
    const upstream = lastUpstreamBody() as {
      contents: { role: string; parts: { text: string }[] }[];
      systemInstruction: { parts: { text: string }[] };
    };
    expect(upstream.contents.map((c) => c.parts.map((p) => p.text))).toEqual([
      ['first'],
      ['second'],
    ]);
    expect(upstream.systemInstruction.parts[0]?.text).toContain('Answer in French.');
  });
});

describe('a model the upstream lists without markers', () => {
  it('is listed with the format it is served in, not with none', async () => {
    const response = await fetch(`${h.url}/v1/models`, {
      headers: { authorization: `Bearer ${h.token}` },
    });
    const list = (await response.json()) as {
      data: { id: string; supported_endpoint_types: string[] }[];
    };
    const entry = list.data.find((m) => m.id === 'sim-no-markers');
    expect(entry?.supported_endpoint_types).toEqual(['openai']);
  });
});

describe('tools responses clients declare that other formats lack', () => {
  const namespace = {
    type: 'namespace',
    name: 'crm',
    description: 'Customer records.',
    tools: [{ type: 'function', name: 'lookup', parameters: { type: 'object', properties: {} } }],
  };
  const custom = { type: 'custom', name: 'apply_patch', description: 'Edit files.' };

  it.each(['sim-chat', 'sim-gemini'])(
    'gives a call to a namespaced function back with its namespace (%s)',
    async (model) => {
      const response = await post(h, '/v1/responses', {
        model,
        input: 'Look up the customer.',
        tools: [namespace],
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as ResponsesBody & {
        output: { namespace?: string }[];
      };
      const call = body.output.find((item) => item.type === 'function_call');
      expect(call).toMatchObject({ name: 'lookup', namespace: 'crm' });
    },
  );

  it.each(['sim-chat', 'sim-gemini'])(
    'gives a custom tool call back as custom_tool_call with its text (%s)',
    async (model) => {
      const response = await post(h, '/v1/responses', {
        model,
        input: 'Patch the file.',
        tools: [custom],
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as ResponsesBody;
      const call = body.output.find((item) => item.type === 'custom_tool_call');
      expect(call).toMatchObject({ name: 'apply_patch' });
      expect(typeof call?.input).toBe('string');
    },
  );

  it.each(['sim-chat', 'sim-gemini'])(
    "streams both shapes so the openai SDK's stream helper assembles them (%s)",
    async (model) => {
      const client = new OpenAI({ apiKey: h.token, baseURL: `${h.url}/v1`, maxRetries: 0 });
      const tools = [namespace, custom] as unknown as OpenAI.Responses.Tool[];
      const stream = client.responses.stream({
        model,
        input: '[[sim:parallel-tools]] Look up and patch.',
        tools,
      });
      const final = await stream.finalResponse();
      expect(final.output.map((item) => [item.type, 'name' in item ? item.name : ''])).toEqual([
        ['function_call', 'lookup'],
        ['custom_tool_call', 'apply_patch'],
      ]);
    },
  );
});
