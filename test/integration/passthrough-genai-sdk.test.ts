import { GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const genai = (apiVersion?: 'v1' | 'v1beta') =>
  new GoogleGenAI({
    apiKey: h.token,
    httpOptions: { baseUrl: h.url, ...(apiVersion ? { apiVersion } : {}) },
  });

describe.each([
  ['v1 (the SDK default)', undefined],
  ['v1beta', 'v1beta' as const],
])('@google/genai through the gateway on %s, pass-through', (_label, apiVersion) => {
  it('generates content', async () => {
    const result = await genai(apiVersion).models.generateContent({
      model: 'sim-gemini',
      contents: 'Hello Gemini',
    });
    expect(result.text).toContain('Hello Gemini');
    expect(result.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
  });

  it('streams content with the same text', async () => {
    const ai = genai(apiVersion);
    const whole = await ai.models.generateContent({ model: 'sim-all', contents: 'Stream Gemini' });
    const stream = await ai.models.generateContentStream({
      model: 'sim-all',
      contents: 'Stream Gemini',
    });
    let text = '';
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      text += chunk.text ?? '';
    }
    expect(chunks).toBeGreaterThan(1);
    expect(text).toBe(whole.text);
  });

  it('lists generation models in Gemini’s shape', async () => {
    const names: string[] = [];
    const pager = await genai(apiVersion).models.list();
    for await (const model of pager) names.push(model.name ?? '');
    // Every generation model is usable from a native client (translated where needed).
    expect(names).toEqual(expect.arrayContaining(['models/sim-gemini', 'models/sim-chat']));
    expect(names).not.toContain('models/sim-embed');
  });
});
