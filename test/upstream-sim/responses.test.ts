import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator } from './index.ts';
import type { RunningSimulator } from './index.ts';
import { PNG_BASE64, WEATHER_PARAMETERS, parseSse, post } from './test-helpers.ts';

let sim: RunningSimulator;
let client: OpenAI;
beforeAll(async () => {
  sim = await startSimulator();
  client = new OpenAI({ apiKey: SIM_KEYS.full, baseURL: `${sim.url}/v1`, maxRetries: 0 });
});
afterAll(() => sim.close());

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  parameters: WEATHER_PARAMETERS,
  strict: false,
};

describe('responses: text', () => {
  it('returns a full response object echoing sampling fields', async () => {
    const res = await client.responses.create({
      model: 'sim-responses',
      input: 'Say hello',
      instructions: 'Be brief.',
      temperature: 0.3,
      top_p: 0.9,
      reasoning: { effort: 'low' },
      metadata: { trace: 't1' },
    });
    expect(res.id).toMatch(/^resp_/);
    expect(res.object).toBe('response');
    expect(res.status).toBe('completed');
    expect(res).toMatchObject({
      error: null,
      incomplete_details: null,
      instructions: 'Be brief.',
      temperature: 0.3,
      top_p: 0.9,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: [],
      metadata: { trace: 't1' },
      reasoning: { effort: 'low' },
    });
    expect(res.output_text).toBe(
      'Simulated reply to: "Say hello". This answer comes from the upstream simulator and is deterministic.',
    );
    const item = res.output[0];
    expect(item).toMatchObject({ type: 'message', role: 'assistant', status: 'completed' });
    expect(item?.id).toMatch(/^msg_/);
    const usage = res.usage;
    expect(usage?.total_tokens).toBe((usage?.input_tokens ?? 0) + (usage?.output_tokens ?? 0));
    expect(usage?.input_tokens).toBe(Math.ceil(('Be brief.'.length + 'Say hello'.length) / 4));
    expect(usage?.input_tokens_details.cached_tokens).toBe(0);
    expect(usage?.output_tokens_details.reasoning_tokens).toBe(0);
  });

  it('streams the lifecycle in order with sequence numbers, and the helper agrees', async () => {
    const body = { model: 'sim-all', input: [{ role: 'user' as const, content: 'stream this' }] };
    const whole = await client.responses.create(body);
    const raw = await post(`${sim.url}/v1/responses`, { ...body, stream: true });
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    const records = parseSse(await raw.text());
    expect(records.some((r) => r.data === '[DONE]')).toBe(false);
    const events = records.map(
      (r) => JSON.parse(r.data) as { type: string; sequence_number: number },
    );
    expect(records.every((r, i) => r.event === events[i]?.type)).toBe(true);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const types = [...new Set(events.map((e) => e.type))];
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const deltas = events.filter((e) => e.type === 'response.output_text.delta') as unknown as {
      delta: string;
    }[];
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.map((d) => d.delta).join('')).toBe(whole.output_text);

    const final = await client.responses.stream(body).finalResponse();
    expect(final.status).toBe('completed');
    expect(final.output_text).toBe(whole.output_text);
    expect(final.usage).toEqual(whole.usage);
  });

  it('ends incomplete at max_output_tokens and rejects caps below 16', async () => {
    const res = await client.responses.create({
      model: 'sim-responses',
      input: 'long one [[sim:long=40]]',
      max_output_tokens: 16,
    });
    expect(res.status).toBe('incomplete');
    expect(res.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(res.usage?.output_tokens).toBe(16);
    const streamed = await client.responses
      .stream({ model: 'sim-responses', input: 'long one [[sim:long=40]]', max_output_tokens: 16 })
      .finalResponse();
    expect(streamed.status).toBe('incomplete');
    expect(streamed.output_text).toBe(res.output_text);
    await expect(
      client.responses.create({ model: 'sim-responses', input: 'x', max_output_tokens: 10 }),
    ).rejects.toMatchObject({ status: 400, code: 'integer_below_min_value' });
  });
});

describe('responses: tools and state', () => {
  it('calls a function, then answers its output', async () => {
    const first = await client.responses.create({
      model: 'sim-responses',
      input: 'Weather in Paris?',
      tools: [weatherTool],
    });
    const call = first.output[0];
    if (call?.type !== 'function_call') throw new Error('expected a function_call item');
    expect(call.id).toMatch(/^fc_/);
    expect(call.call_id).toMatch(/^call_/);
    expect(call.name).toBe('get_weather');
    expect(JSON.parse(call.arguments)).toEqual({ city: 'Paris' });

    const second = await client.responses.create({
      model: 'sim-responses',
      tools: [weatherTool],
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          type: 'function_call',
          call_id: call.call_id,
          name: call.name,
          arguments: call.arguments,
        },
        { type: 'function_call_output', call_id: call.call_id, output: '{"temp_c":18}' },
      ],
    });
    expect(second.output_text).toContain('Tool get_weather returned {"temp_c":18}.');

    const chained = await client.responses.create({
      model: 'sim-responses',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: 'sunny' }],
    });
    expect(chained.output_text).toContain('Tool get_weather returned sunny.');
  });

  it('answers a function output of text and images, naming each image', async () => {
    const answer = await client.responses.create({
      model: 'sim-responses',
      input: [
        { role: 'user', content: 'What is on screen?' },
        { type: 'function_call', call_id: 'call_s', name: 'screenshot', arguments: '{}' },
        {
          type: 'function_call_output',
          call_id: 'call_s',
          output: [
            { type: 'input_text', text: 'shot.png' },
            {
              type: 'input_image',
              image_url: `data:image/png;base64,${PNG_BASE64}`,
              detail: 'auto',
            },
          ],
        },
      ],
    });
    expect(answer.output_text).toContain(
      'Tool screenshot returned shot.png and an image (image/png, 68 bytes).',
    );
    const bad = await post(`${sim.url}/v1/responses`, {
      model: 'sim-responses',
      input: [
        { type: 'function_call', call_id: 'call_s', name: 'screenshot', arguments: '{}' },
        {
          type: 'function_call_output',
          call_id: 'call_s',
          output: [{ type: 'input_image', image_url: 'data:image/png;base64,%%' }],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_image_url' } });
  });

  it('streams function calls the helper can assemble', async () => {
    const stream = client.responses.stream({
      model: 'sim-responses',
      input: 'Weather? [[sim:parallel-tools]]',
      tools: [weatherTool, { ...weatherTool, name: 'get_forecast' }],
    });
    const argDeltas: string[] = [];
    stream.on('response.function_call_arguments.delta', (e) => argDeltas.push(e.delta));
    const final = await stream.finalResponse();
    const calls = final.output.filter((o) => o.type === 'function_call');
    expect(calls.map((c) => c.name)).toEqual(['get_weather', 'get_forecast']);
    expect(argDeltas.length).toBeGreaterThanOrEqual(4);
  });

  it('400 for unknown previous_response_id and unmatched call_id', async () => {
    await expect(
      client.responses.create({
        model: 'sim-responses',
        input: 'x',
        previous_response_id: 'resp_missing',
      }),
    ).rejects.toMatchObject({ status: 400, code: 'previous_response_not_found' });
    const orphan = await post(`${sim.url}/v1/responses`, {
      model: 'sim-responses',
      input: [{ type: 'function_call_output', call_id: 'call_nope', output: '1' }],
    });
    expect(orphan.status).toBe(400);
    expect(await orphan.json()).toMatchObject({ error: { param: 'input' } });
  });
});

describe('responses: structured output, images and errors', () => {
  it('text.format json_schema yields valid JSON', async () => {
    const res = await client.responses.create({
      model: 'sim-responses',
      input: 'json',
      text: {
        format: {
          type: 'json_schema',
          name: 'answer',
          strict: true,
          schema: {
            type: 'object',
            properties: { answer: { type: 'string' }, score: { type: 'number' } },
            required: ['answer', 'score'],
            additionalProperties: false,
          },
        },
      },
    });
    expect(JSON.parse(res.output_text)).toEqual({ answer: 'value', score: 1 });
    expect(res.text?.format).toMatchObject({ type: 'json_schema', name: 'answer' });
  });

  it('counts input_image parts and validates their data URL', async () => {
    const res = await client.responses.create({
      model: 'sim-responses',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Look' },
            {
              type: 'input_image',
              image_url: `data:image/png;base64,${PNG_BASE64}`,
              detail: 'auto',
            },
          ],
        },
      ],
    });
    expect(res.output_text).toContain('I see 1 image.');
    const bad = await post(`${sim.url}/v1/responses`, {
      model: 'sim-responses',
      input: [
        { role: 'user', content: [{ type: 'input_image', image_url: 'data:image/png,abc' }] },
      ],
    });
    expect(bad.status).toBe(400);
  });

  it('requires model and input; refuses models without the marker', async () => {
    const noInput = await post(`${sim.url}/v1/responses`, { model: 'sim-responses' });
    expect(noInput.status).toBe(400);
    expect(await noInput.json()).toMatchObject({ error: { param: 'input' } });
    const chatOnly = await post(`${sim.url}/v1/responses`, { model: 'sim-chat', input: 'x' });
    expect(chatOnly.status).toBe(404);
    const noMarkers = await post(`${sim.url}/v1/responses`, {
      model: 'sim-no-markers',
      input: 'x',
    });
    expect(noMarkers.status).toBe(404);
  });
});
