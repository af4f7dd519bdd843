import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS } from '../upstream-sim/index.ts';
import { startHarness, type Harness } from './harness.ts';
import { chatBody, GEMINI_PATH, geminiBody, post, responsesBody } from './http-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null };
}
interface GoogleError {
  error: { code: number; message: string; status: string };
}

describe('authentication', () => {
  it('refuses a missing or wrong token with 401 in each route’s format', async () => {
    const chat = await post(h, '/v1/chat/completions', chatBody('x'), { token: null });
    expect(chat.status).toBe(401);
    expect(((await chat.json()) as OpenAiError).error.message).toMatch(
      /Missing local access token/,
    );

    const native = await post(h, GEMINI_PATH, geminiBody('x'), { token: 'wrong' });
    expect(native.status).toBe(401);
    expect(await native.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });

    const list = await fetch(`${h.url}/v1/models`, { headers: { authorization: 'Bearer nope' } });
    expect(list.status).toBe(401);
  });

  it('accepts the token as x-goog-api-key and ?key= on native routes only', async () => {
    const header = await post(h, GEMINI_PATH, geminiBody('x'), {
      token: null,
      headers: { 'x-goog-api-key': h.token },
    });
    expect(header.status).toBe(200);
    const query = await post(h, `${GEMINI_PATH}?key=${h.token}`, geminiBody('x'), { token: null });
    expect(query.status).toBe(200);
    const chat = await post(h, '/v1/chat/completions', chatBody('x'), {
      token: null,
      headers: { 'x-goog-api-key': h.token },
    });
    expect(chat.status).toBe(401);
  });

  it('never sends the client’s token upstream, only the upstream key', async () => {
    h.sim.clearJournal();
    await post(h, `${GEMINI_PATH}?key=${h.token}`, geminiBody('whose key'), {
      token: null,
      headers: { 'x-goog-api-key': h.token },
    });
    const entry = h.sim.journal.at(-1)!;
    expect(entry.key).toBe(SIM_KEYS.full);
    expect(JSON.stringify(entry.headers)).not.toContain(h.token);
    expect(JSON.stringify(entry.query)).not.toContain(h.token);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 naming the problem, in the route’s format', async () => {
    const chat = await post(h, '/v1/chat/completions', '{"model": "sim-chat", ');
    expect(chat.status).toBe(400);
    expect(((await chat.json()) as OpenAiError).error.message).toMatch(/not valid JSON/);

    const native = await post(h, GEMINI_PATH, 'not json');
    expect(native.status).toBe(400);
    expect(((await native.json()) as GoogleError).error).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
    });
  });

  it('names a missing required field', async () => {
    const chat = await post(h, '/v1/chat/completions', { model: 'sim-chat' });
    expect(((await chat.json()) as OpenAiError).error).toMatchObject({
      param: 'messages',
      message: "Missing required field 'messages'.",
    });
    const responses = await post(h, '/v1/responses', { model: 'sim-responses' });
    expect(((await responses.json()) as OpenAiError).error.param).toBe('input');
    const native = await post(h, GEMINI_PATH, {});
    expect(((await native.json()) as GoogleError).error.message).toBe(
      "Missing required field 'contents'.",
    );
  });

  it('refuses a body over the size limit with 413', async () => {
    const small = await startHarness({ gateway: { maxBodyBytes: 1024 } });
    try {
      const response = await post(small, '/v1/chat/completions', chatBody('x'.repeat(5000)));
      expect(response.status).toBe(413);
      expect(((await response.json()) as OpenAiError).error.code).toBe('request_too_large');
    } finally {
      await small.close();
    }
  });

  it('answers a wrong method with 405 and Allow, an unknown path with 404', async () => {
    const wrong = await fetch(`${h.url}/v1/chat/completions`, {
      headers: { authorization: `Bearer ${h.token}` },
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const unknown = await post(h, '/v1/embeddings', {});
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as OpenAiError).error.code).toBe('unknown_path');
  });

  it('refuses a Host that is not a loopback name', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${h.url}/v1/models`,
        { headers: { host: 'evil.example', authorization: `Bearer ${h.token}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('models and formats', () => {
  it('answers an unknown model with 404 in the client’s format', async () => {
    const chat = await post(h, '/v1/chat/completions', {
      ...chatBody('x'),
      model: 'no-such-model',
    });
    expect(chat.status).toBe(404);
    expect(((await chat.json()) as OpenAiError).error.code).toBe('model_not_found');
    const native = await post(h, '/v1beta/models/no-such-model:generateContent', geminiBody('x'));
    expect(native.status).toBe(404);
    expect(((await native.json()) as GoogleError).error.status).toBe('NOT_FOUND');
  });

  it('does not route generation to a non-generation model', async () => {
    const response = await post(h, '/v1/chat/completions', {
      ...chatBody('x'),
      model: 'sim-embed',
    });
    expect(response.status).toBe(404);
  });
});

describe('upstream errors reach the client', () => {
  it('passes 429 with Retry-After when the wait is longer than the gateway will retry for', async () => {
    const response = await post(h, '/v1/chat/completions', chatBody('[[sim:429:retry-after=30]]'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(((await response.json()) as OpenAiError).error.message).toBeTruthy();
  });

  it('passes a native 429 in Google’s shape', async () => {
    const response = await post(h, GEMINI_PATH, geminiBody('[[sim:429:retry-after=30]]'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(((await response.json()) as GoogleError).error.status).toBe('RESOURCE_EXHAUSTED');
  });

  it('passes 500 and 502 without retrying (the attempt may have produced a generation)', async () => {
    for (const status of [500, 502]) {
      h.sim.clearJournal();
      const response = await post(h, '/v1/responses', responsesBody(`[[sim:${status}]]`));
      expect(response.status).toBe(status);
      expect(((await response.json()) as OpenAiError).error).toBeTruthy();
      expect(h.sim.journal.filter((e) => e.path === '/v1/responses')).toHaveLength(1);
    }
  });

  it('passes insufficient balance as the upstream worded it', async () => {
    const broke = await startHarness({ upstreamKey: SIM_KEYS.broke });
    try {
      const chat = await post(broke, '/v1/chat/completions', chatBody('x'));
      expect(chat.status).toBe(403);
      expect(((await chat.json()) as OpenAiError).error.message).toMatch(
        /Insufficient account balance/,
      );
      const native = await post(broke, GEMINI_PATH, geminiBody('x'));
      expect(native.status).toBe(429);
      expect(((await native.json()) as GoogleError).error.message).toMatch(
        /Insufficient account balance/,
      );
    } finally {
      await broke.close();
    }
  });

  it('explains a rejected upstream key without blaming the local token', async () => {
    const bad = await startHarness({ upstreamKey: 'not-a-sim-key' });
    try {
      const response = await post(bad, '/v1/chat/completions', chatBody('x'));
      expect(response.status).toBe(401);
      const body = (await response.json()) as OpenAiError;
      expect(body.error.code).toBe('upstream_key_rejected');
      expect(body.error.message).toMatch(/upstream rejected/);
    } finally {
      await bad.close();
    }
  });

  it('answers 502 in the client’s format when the upstream is unreachable', async () => {
    const down = await startHarness();
    await down.sim.close();
    try {
      const response = await post(down, GEMINI_PATH, geminiBody('x'));
      expect(response.status).toBe(502);
      expect(((await response.json()) as GoogleError).error.status).toBe('INTERNAL');
    } finally {
      await down.gateway.close(100);
      down.store.close();
    }
  });
});
