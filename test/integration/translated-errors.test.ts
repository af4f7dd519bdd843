import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { post } from './http-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface GoogleError {
  error: {
    code: number;
    status: string;
    message: string;
    details?: { '@type': string; retryDelay?: string }[];
  };
}

describe('upstream errors through translation', () => {
  it('turns Google’s retryDelay into Retry-After for a chat client', async () => {
    const response = await post(h, '/v1/chat/completions', {
      model: 'sim-gemini',
      messages: [{ role: 'user', content: '[[sim:429:retry-after=30]]' }],
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('rate_limit_error');
    expect(body.error.message).toBeTruthy();
  });

  it('turns Retry-After into a RetryInfo detail for a native client', async () => {
    const response = await post(h, '/v1beta/models/sim-chat:generateContent', {
      contents: [{ role: 'user', parts: [{ text: '[[sim:429:retry-after=30]]' }] }],
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    const body = (await response.json()) as GoogleError;
    expect(body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(body.error.details?.find((d) => d['@type'].endsWith('RetryInfo'))?.retryDelay).toBe(
      '30s',
    );
  });

  it('keeps an insufficient-balance message as the upstream worded it, in the client’s shape', async () => {
    const response = await post(h, '/v1/responses', {
      model: 'sim-gemini',
      input: '[[sim:balance]]',
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /Insufficient account balance/,
    );
  });

  it('makes the openai SDK throw on an upstream error in the middle of a translated stream', async () => {
    const client = new OpenAI({ apiKey: h.token, baseURL: `${h.url}/v1`, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'sim-gemini',
      stream: true,
      messages: [{ role: 'user', content: '[[sim:error-mid-stream]] go' }],
    });
    const read = async () => {
      for await (const _chunk of stream) {
        // consume
      }
    };
    await expect(read()).rejects.toBeInstanceOf(OpenAI.APIError);
  });

  it('makes the responses helper throw on it too', async () => {
    const client = new OpenAI({ apiKey: h.token, baseURL: `${h.url}/v1`, maxRetries: 0 });
    await expect(
      client.responses
        .stream({ model: 'sim-chat', input: '[[sim:error-mid-stream]] go' })
        .finalResponse(),
    ).rejects.toThrow();
  });

  it('makes @google/genai throw ApiError on it', async () => {
    const ai = new GoogleGenAI({ apiKey: h.token, httpOptions: { baseUrl: h.url } });
    const read = async () => {
      for await (const _chunk of await ai.models.generateContentStream({
        model: 'sim-responses',
        contents: '[[sim:error-mid-stream]] go',
      })) {
        // consume
      }
    };
    await expect(read()).rejects.toThrow();
  });

  it('refuses an https image URL toward a native-only model, naming the part', async () => {
    const response = await post(h, '/v1/chat/completions', {
      model: 'sim-gemini',
      messages: [
        {
          role: 'user',
          content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }],
        },
      ],
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; param: string } };
    expect(body.error.message).toMatch(/data: URL/);
    expect(body.error.param).toBeTruthy();
    expect(h.sim.journal.some((e) => e.rawBody.includes('example.com/cat.png'))).toBe(false);
  });

  it('refuses a field with no equivalent rather than dropping it', async () => {
    const response = await post(h, '/v1/chat/completions', {
      model: 'sim-responses',
      messages: [{ role: 'user', content: 'x' }],
      logit_bias: { '50256': -100 },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { param: string } }).error.param).toBe(
      'logit_bias',
    );
  });
});
