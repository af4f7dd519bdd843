import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MID_STREAM_ERROR_MESSAGE, SIM_KEYS, startSimulator } from './index.ts';
import type { RunningSimulator } from './index.ts';
import { post, readToEnd, sseJson, userChat, userContents } from './test-helpers.ts';

let sim: RunningSimulator;
let client: OpenAI;
beforeAll(async () => {
  sim = await startSimulator();
  client = new OpenAI({ apiKey: SIM_KEYS.full, baseURL: `${sim.url}/v1`, maxRetries: 0 });
});
afterEach(() => {
  sim.faults = '';
});
afterAll(() => sim.close());

const chat = (text: string, extra: Record<string, unknown> = {}): Promise<Response> =>
  post(`${sim.url}/v1/chat/completions`, { model: 'sim-all', messages: userChat(text), ...extra });
const responses = (text: string, extra: Record<string, unknown> = {}): Promise<Response> =>
  post(`${sim.url}/v1/responses`, { model: 'sim-all', input: text, ...extra });
const gemini = (text: string, stream = false): Promise<Response> =>
  post(
    stream
      ? `${sim.url}/v1beta/models/sim-all:streamGenerateContent?alt=sse`
      : `${sim.url}/v1beta/models/sim-all:generateContent`,
    { contents: userContents(text) },
  );

describe('status markers', () => {
  it('[[sim:429]] sets Retry-After; the Google shape adds RetryInfo', async () => {
    const res = await chat('slow down [[sim:429]]');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    const custom = await gemini('slow down [[sim:429:retry-after=7]]');
    expect(custom.status).toBe(429);
    expect(custom.headers.get('retry-after')).toBe('7');
    expect(await custom.json()).toEqual({
      error: {
        code: 429,
        message: expect.any(String) as unknown,
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }],
      },
    });
  });

  it.each([500, 502, 503])('[[sim:%i]] answers that status in each shape', async (status) => {
    const openai = await responses(`boom [[sim:${status}]]`);
    expect(openai.status).toBe(status);
    expect(await openai.json()).toMatchObject({ error: { type: 'server_error' } });
    const google = await gemini(`boom [[sim:${status}]]`);
    expect(google.status).toBe(status);
    const body = (await google.json()) as { error: { code: number; status: string } };
    expect(body.error.code).toBe(status);
    expect(body.error.status).toBe(status === 500 ? 'INTERNAL' : 'UNAVAILABLE');
  });

  it('[[sim:balance]] behaves like the broke key', async () => {
    expect((await chat('[[sim:balance]]')).status).toBe(403);
    expect((await gemini('[[sim:balance]]')).status).toBe(429);
  });
});

describe('fail-first', () => {
  it('fails the first N attempts of the same body; the SDK retry then succeeds', async () => {
    const text = `retry me [[sim:fail-first=2:429]] ${Date.now()}`;
    const retrying = new OpenAI({ apiKey: SIM_KEYS.full, baseURL: `${sim.url}/v1`, maxRetries: 2 });
    const res = await retrying.chat.completions.create({
      model: 'sim-chat',
      messages: userChat(text),
    });
    expect(res.choices[0]?.message.content).toContain('Simulated reply');
    const attempts = sim.journal.filter((e) => e.rawBody.includes(text));
    expect(attempts.map((e) => e.status)).toEqual([429, 429, 200]);
  });

  it('counts per exact body and per key', async () => {
    const text = `[[sim:fail-first=1:503]] ${Date.now()}`;
    const send = (body: string, key: string): Promise<Response> =>
      post(`${sim.url}/v1/chat/completions`, { model: 'sim-chat', messages: userChat(body) }, key);
    expect((await send(text, SIM_KEYS.full)).status).toBe(503);
    expect((await send(text, SIM_KEYS.full)).status).toBe(200);
    expect((await send(`${text} other`, SIM_KEYS.full)).status).toBe(503);
    expect((await send(text, SIM_KEYS.limited)).status).toBe(503);
    expect((await send(text, SIM_KEYS.limited)).status).toBe(200);
  });

  it('429 fail-first carries Retry-After: 0', async () => {
    const res = await chat(`[[sim:fail-first=1:429]] ${Date.now()}`);
    expect(res.headers.get('retry-after')).toBe('0');
  });
});

describe('timing markers', () => {
  it('[[sim:slow-first-byte=MS]] delays the headers', async () => {
    const started = performance.now();
    const res = await chat('[[sim:slow-first-byte=150]]');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
  });

  it('[[sim:slow-chunks=MS]] spaces stream records', async () => {
    const started = performance.now();
    const res = await chat('[[sim:slow-chunks=20]] [[sim:long=5]]', { stream: true });
    const records = sseJson(await res.text());
    // role chunk, 5 words, finish: 7 records, 6 gaps.
    expect(records).toHaveLength(7);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('applies global faults from sim.faults', async () => {
    sim.faults = '[[sim:503]]';
    expect((await chat('plain')).status).toBe(503);
    sim.faults = '';
    expect((await chat('plain')).status).toBe(200);
  });
});

describe('stream breakage', () => {
  it('[[sim:cut-after=N]] drops the connection after N records', async () => {
    const res = await chat('cut [[sim:cut-after=3]]', { stream: true });
    const { text, failed } = await readToEnd(res);
    expect(failed).toBe(true);
    expect(sseJson(text)).toHaveLength(3);
    expect(text).not.toContain('[DONE]');
    const entry = await sim.waitFor(
      (e) => e.rawBody.includes('cut [[sim:cut-after=3]]') && !e.finished,
    );
    expect(entry.clientClosedEarly).toBe(false);

    await expect(
      client.chat.completions.create({
        model: 'sim-all',
        messages: userChat('[[sim:cut-after=0]]'),
      }),
    ).rejects.toThrow();
  });

  it('[[sim:error-mid-stream]] sends each format’s in-stream error', async () => {
    const chatStream = await client.chat.completions.create({
      model: 'sim-all',
      messages: userChat('oops [[sim:error-mid-stream]]'),
      stream: true,
    });
    await expect(
      (async () => {
        for await (const _chunk of chatStream) void _chunk;
      })(),
    ).rejects.toThrow(MID_STREAM_ERROR_MESSAGE);

    const raw = await responses('oops [[sim:error-mid-stream]]', { stream: true });
    const events = sseJson(await raw.text());
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'error',
      'response.failed',
    ]);
    expect(events[2]).toMatchObject({ code: 'server_error', sequence_number: 2 });
    expect(events[3]).toMatchObject({
      response: { status: 'failed', error: { code: 'server_error' } },
    });
    await expect(
      client.responses
        .stream({ model: 'sim-all', input: 'oops [[sim:error-mid-stream]]' })
        .finalResponse(),
    ).rejects.toThrow();

    const ai = new GoogleGenAI({
      apiKey: 'unused',
      httpOptions: {
        baseUrl: sim.url,
        apiVersion: 'v1beta',
        headers: { Authorization: `Bearer ${SIM_KEYS.full}` },
      },
    });
    await expect(
      (async () => {
        const stream = await ai.models.generateContentStream({
          model: 'sim-all',
          contents: 'oops [[sim:error-mid-stream]]',
        });
        for await (const _chunk of stream) void _chunk;
      })(),
    ).rejects.toMatchObject({ status: 500 });
    const google = sseJson(await (await gemini('oops [[sim:error-mid-stream]]', true)).text());
    expect(google.at(-1)).toEqual({
      error: { code: 500, message: MID_STREAM_ERROR_MESSAGE, status: 'INTERNAL' },
    });
  });

  it('[[sim:long=N]] replies with exactly N words', async () => {
    const res = await client.chat.completions.create({
      model: 'sim-all',
      messages: userChat('[[sim:long=250]]'),
    });
    expect(res.choices[0]?.message.content?.split(' ')).toHaveLength(250);
    expect(res.usage?.completion_tokens).toBe(250);
  });

  it('[[sim:cached=N]] reports cached prompt tokens', async () => {
    const res = await client.chat.completions.create({
      model: 'sim-all',
      messages: userChat('[[sim:cached=3]] a long enough prompt for three tokens'),
    });
    expect(res.usage?.prompt_tokens_details?.cached_tokens).toBe(3);
  });
});
