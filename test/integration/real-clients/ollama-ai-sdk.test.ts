import { Output, generateText, isStepCount, streamText, tool } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../matrix/scenarios.ts';
import { startHarness } from '../harness.ts';
import type { Harness } from '../harness.ts';
import { expectRoutes, recordMark } from './gateway-records.ts';
import { FORECAST_PROMPT, FORECAST_SCHEMA, LOOKUP_TOOL, lookupRun } from './lookup-tool.ts';
import type { LookupRun } from './lookup-tool.ts';
import { pathsSince } from './record-paths.ts';
import { CLIENT_TEST_MODELS } from './sim-models.ts';

/**
 * The Vercel AI SDK through `ollama-ai-provider-v2`, a community Ollama provider written apart
 * from ollama-js: its chat model speaks `/api/chat`, its completion model `/api/generate`, both
 * under the base URL it is given (Ollama's default ends in `/api`).
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const ollama = (h: Harness) =>
  createOllama({ baseURL: `${h.url}/api`, headers: { Authorization: `Bearer ${h.token}` } });

const lookupTools = (run: LookupRun) => ({
  [LOOKUP_TOOL.name]: tool({
    description: LOOKUP_TOOL.description,
    inputSchema: LOOKUP_TOOL.schema,
    execute: async (args) => run.lookup(args),
  }),
});

/** The simulator's answer to a plain user turn starts by quoting it. */
const replyTo = (prompt: string) => `Simulated reply to: "${prompt}".`;

describe.each(CLIENT_TEST_MODELS)('ollama-ai-provider-v2 on %s', (modelId) => {
  const route = { clientFormat: 'ollama' as const, model: modelId };

  it('generateText answers with text and usage', async () => {
    const prompt = 'Say hello, whole.';
    const mark = recordMark(h);
    const result = await generateText({
      model: ollama(h)(modelId),
      system: 'You are terse.',
      prompt,
      maxRetries: 0,
    });
    expect(result.text).toContain(replyTo(prompt));
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    await expectRoutes(h, mark, { count: 1, ...route, stream: false });
    expect(pathsSince(h, mark)).toEqual(['/api/chat']);
  });

  it('streamText streams the text in several deltas, then the usage', async () => {
    const prompt = 'Say hello, streamed.';
    const mark = recordMark(h);
    const result = streamText({ model: ollama(h)(modelId), prompt, maxRetries: 0 });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toContain(replyTo(prompt));
    expect(await result.finishReason).toBe('stop');
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
    await expectRoutes(h, mark, { count: 1, ...route, stream: true });
  });

  it('generateText with the completion model answers on /api/generate', async () => {
    const prompt = 'Complete this, whole.';
    const mark = recordMark(h);
    const result = await generateText({
      model: ollama(h).completion(modelId),
      prompt,
      maxRetries: 0,
    });
    // Its prompt template wraps the prompt in turns: `user:\n<prompt>\n\nassistant:\n`.
    expect(result.text).toMatch(/^Simulated reply to: "user: Complete this, whole\. assistant:"/);
    await expectRoutes(h, mark, { count: 1, ...route, stream: false });
    expect(pathsSince(h, mark)).toEqual(['/api/generate']);
  });

  it('generateText runs a tool loop and answers with the tool result', async () => {
    const run = lookupRun();
    const mark = recordMark(h);
    const result = await generateText({
      model: ollama(h)(modelId),
      tools: lookupTools(run),
      stopWhen: isStepCount(3),
      prompt: run.prompt,
      maxRetries: 0,
    });
    expect(run.calls).toEqual([run.args]);
    expect(result.steps).toHaveLength(2);
    expect(result.text).toContain(run.result);
    await expectRoutes(h, mark, { count: 2, ...route, stream: false });
  });

  it('streamText runs a tool loop and streams the answer with the tool result', async () => {
    const run = lookupRun('beta');
    const mark = recordMark(h);
    const result = streamText({
      model: ollama(h)(modelId),
      tools: lookupTools(run),
      stopWhen: isStepCount(3),
      prompt: run.prompt,
      maxRetries: 0,
    });
    let streamed = '';
    for await (const delta of result.textStream) streamed += delta;
    expect(run.calls).toEqual([run.args]);
    expect(await result.steps).toHaveLength(2);
    expect(streamed).toContain(run.result);
    await expectRoutes(h, mark, { count: 2, ...route, stream: true });
  });

  it('generateText carries an image file part', async () => {
    const mark = recordMark(h);
    const result = await generateText({
      model: ollama(h)(modelId),
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this picture?' },
            { type: 'file', mediaType: 'image/png', data: TINY_PNG },
          ],
        },
      ],
      maxRetries: 0,
    });
    expect(result.text).toContain('I see 1 image.');
    await expectRoutes(h, mark, { count: 1, ...route, stream: false });
  });

  it('generateText with Output.object returns an object valid against the schema', async () => {
    const mark = recordMark(h);
    const result = await generateText({
      model: ollama(h)(modelId),
      output: Output.object({ schema: FORECAST_SCHEMA }),
      prompt: FORECAST_PROMPT,
      maxRetries: 0,
    });
    expect(FORECAST_SCHEMA.safeParse(result.output).success).toBe(true);
    await expectRoutes(h, mark, { count: 1, ...route, stream: false });
  });

  it('streamText with Output.object streams an object valid against the schema', async () => {
    const mark = recordMark(h);
    const result = streamText({
      model: ollama(h)(modelId),
      output: Output.object({ schema: FORECAST_SCHEMA }),
      prompt: FORECAST_PROMPT,
      maxRetries: 0,
    });
    let partials = 0;
    for await (const _partial of result.partialOutputStream) partials += 1;
    expect(partials).toBeGreaterThan(0);
    expect(FORECAST_SCHEMA.safeParse(await result.output).success).toBe(true);
    await expectRoutes(h, mark, { count: 1, ...route, stream: true });
  });
});
