import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Output, generateText, isStepCount, streamText, tool } from 'ai';
import type { LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireFormat } from '../../../shared/wire-formats.ts';
import { startHarness } from '../harness.ts';
import type { Harness } from '../harness.ts';
import { expectRoutes, recordMark } from './gateway-records.ts';
import { FORECAST_PROMPT, FORECAST_SCHEMA, LOOKUP_TOOL, lookupRun } from './lookup-tool.ts';
import type { LookupRun } from './lookup-tool.ts';
import { CLIENT_TEST_MODELS } from './sim-models.ts';

/** The Vercel AI SDK's providers that can reach the gateway, with the format each speaks. */
interface AiSdkProvider {
  name: string;
  format: WireFormat;
  model: (h: Harness, id: string) => LanguageModel;
}

const openai = (h: Harness) => createOpenAI({ baseURL: `${h.url}/v1`, apiKey: h.token });

const PROVIDERS: AiSdkProvider[] = [
  { name: '@ai-sdk/openai .chat()', format: 'chat', model: (h, id) => openai(h).chat(id) },
  {
    name: '@ai-sdk/openai .responses()',
    format: 'responses',
    model: (h, id) => openai(h).responses(id),
  },
  {
    name: '@ai-sdk/openai-compatible',
    format: 'chat',
    model: (h, id) =>
      createOpenAICompatible({
        name: 'gateway',
        baseURL: `${h.url}/v1`,
        apiKey: h.token,
        supportsStructuredOutputs: true,
      }).chatModel(id),
  },
  {
    name: '@ai-sdk/google',
    format: 'gemini',
    model: (h, id) => createGoogleGenerativeAI({ baseURL: `${h.url}/v1beta`, apiKey: h.token })(id),
  },
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const lookupTools = (run: LookupRun) => ({
  [LOOKUP_TOOL.name]: tool({
    description: LOOKUP_TOOL.description,
    inputSchema: LOOKUP_TOOL.schema,
    execute: async (args) => run.lookup(args),
  }),
});

describe.each(PROVIDERS)('Vercel AI SDK, $name', (provider) => {
  describe.each(CLIENT_TEST_MODELS)('on %s', (modelId) => {
    const route = { clientFormat: provider.format, model: modelId };

    it('generateText runs a tool loop and answers with the tool result', async () => {
      const run = lookupRun();
      const mark = recordMark(h);
      const result = await generateText({
        model: provider.model(h, modelId),
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
        model: provider.model(h, modelId),
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

    it('generateText with Output.object returns an object valid against the schema', async () => {
      const mark = recordMark(h);
      const result = await generateText({
        model: provider.model(h, modelId),
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
        model: provider.model(h, modelId),
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
});
