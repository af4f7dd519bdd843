import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, recordFor, type Harness } from './harness.ts';
import { chatBody, GEMINI_PATH, post, responsesBody } from './http-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('pass-through fidelity', () => {
  it('forwards a non-streamed body byte for byte', async () => {
    h.sim.clearJournal();
    const body =
      '{ "model":"sim-chat",\n "messages":[{"role":"user","content":"Ünïcode ✓"}], "temperature": 0.25, "x_unknown_field": [1,2] }';
    const response = await post(h, '/v1/chat/completions', body);
    expect(response.status).toBe(200);
    expect(h.sim.journal.at(-1)?.rawBody).toBe(body);
  });

  it('changes a streamed chat body only by the usage request', async () => {
    h.sim.clearJournal();
    const body = JSON.stringify(chatBody('stream fidelity', { stream: true, seed: 7 }));
    const response = await post(h, '/v1/chat/completions', body);
    await response.text();
    const upstreamBody = h.sim.journal.at(-1)!.rawBody;
    expect(upstreamBody.replace('"stream_options":{"include_usage":true},', '')).toBe(body);
    const record = await recordFor(h, response.headers.get('x-request-id')!);
    expect(record.rules).toEqual(['chat.stream_usage_requested']);
    expect(record.route).toBe('passthrough');
  });

  it('forwards responses and native bodies unchanged', async () => {
    h.sim.clearJournal();
    const responses = JSON.stringify(
      responsesBody('as is', { stream: true, metadata: { a: '1' } }),
    );
    await (await post(h, '/v1/responses', responses)).text();
    expect(h.sim.journal.at(-1)?.rawBody).toBe(responses);
    const native =
      '{"contents":[{"role":"user","parts":[{"text":"as is"}]}],"generationConfig":{"temperature":0.1}}';
    await (await post(h, GEMINI_PATH, native)).text();
    expect(h.sim.journal.at(-1)?.rawBody).toBe(native);
  });

  it('streams the upstream bytes back unchanged when nothing is filtered', async () => {
    const body = chatBody('raw bytes', { stream: true, stream_options: { include_usage: true } });
    const viaGateway = await (await post(h, '/v1/chat/completions', body)).text();
    const direct = await (
      await fetch(`${h.sim.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.sim.keys.full}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).text();
    const normalise = (s: string) => s.replace(/"(id|created)":("[^"]*"|\d+)/g, '"$1":0');
    expect(normalise(viaGateway)).toBe(normalise(direct));
  });

  it('gives every response an x-request-id and sends the same id upstream', async () => {
    h.sim.clearJournal();
    const response = await post(h, '/v1/chat/completions', chatBody('ids'));
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^req_[0-9a-f]{24}$/);
    expect(h.sim.journal.at(-1)?.headers['x-request-id']).toBe(id);
    const refused = await post(h, '/v1/chat/completions', chatBody('ids'), { token: 'bad' });
    expect(refused.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('never shows the upstream key to the client', async () => {
    const answers = await Promise.all([
      post(h, '/v1/chat/completions', chatBody('key?')).then((r) => r.text()),
      fetch(`${h.url}/v1/models`, { headers: { authorization: `Bearer ${h.token}` } }).then((r) =>
        r.text(),
      ),
      post(h, '/v1/chat/completions', { ...chatBody('x'), model: 'missing' }).then((r) => r.text()),
    ]);
    for (const text of answers) expect(text).not.toContain(h.sim.keys.full);
  });
});
