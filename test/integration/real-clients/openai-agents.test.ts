import {
  Agent,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  run,
  setTraceProcessors,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import type { Model } from '@openai/agents';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireFormat } from '../../../shared/wire-formats.ts';
import { startHarness } from '../harness.ts';
import type { Harness } from '../harness.ts';
import { expectRoutes, recordMark } from './gateway-records.ts';
import { FORECAST_PROMPT, FORECAST_SCHEMA, LOOKUP_TOOL, lookupRun } from './lookup-tool.ts';
import type { LookupRun } from './lookup-tool.ts';
import { CLIENT_TEST_MODELS } from './sim-models.ts';

/** The OpenAI Agents SDK's two model classes, each over an OpenAI client aimed at the gateway. */
interface AgentsModel {
  name: string;
  format: WireFormat;
  model: (client: OpenAI, id: string) => Model;
}

const MODELS: AgentsModel[] = [
  {
    name: 'OpenAIChatCompletionsModel',
    format: 'chat',
    model: (client, id) => new OpenAIChatCompletionsModel(client, id),
  },
  {
    name: 'OpenAIResponsesModel',
    format: 'responses',
    model: (client, id) => new OpenAIResponsesModel(client, id),
  },
];

let h: Harness;
let client: OpenAI;
beforeAll(async () => {
  // Traces go to api.openai.com by default: nothing may leave the machine.
  setTracingDisabled(true);
  setTraceProcessors([]);
  h = await startHarness();
  client = new OpenAI({ apiKey: h.token, baseURL: `${h.url}/v1`, maxRetries: 0 });
});
afterAll(() => h.close());

function lookupAgent(model: Model, lookup: LookupRun): Agent {
  return new Agent({
    name: 'Code keeper',
    instructions: 'Answer with the code the lookup tool returns.',
    model,
    tools: [
      tool({
        name: LOOKUP_TOOL.name,
        description: LOOKUP_TOOL.description,
        parameters: LOOKUP_TOOL.schema,
        execute: async (args) => lookup.lookup(args),
      }),
    ],
  });
}

describe.each(MODELS)('OpenAI Agents SDK, $name', (agentsModel) => {
  describe.each(CLIENT_TEST_MODELS)('on %s', (modelId) => {
    const route = { clientFormat: agentsModel.format, model: modelId };

    it('run completes a tool loop and answers with the tool result', async () => {
      const lookup = lookupRun();
      const mark = recordMark(h);
      const agent = lookupAgent(agentsModel.model(client, modelId), lookup);
      const result = await run(agent, lookup.prompt, { maxTurns: 3 });
      expect(lookup.calls).toEqual([lookup.args]);
      expect(result.finalOutput).toContain(lookup.result);
      await expectRoutes(h, mark, { count: 2, ...route, stream: false });
    });

    it('a streamed run completes a tool loop and streams the answer with the tool result', async () => {
      const lookup = lookupRun('beta');
      const mark = recordMark(h);
      const agent = lookupAgent(agentsModel.model(client, modelId), lookup);
      const result = await run(agent, lookup.prompt, { maxTurns: 3, stream: true });
      let streamed = '';
      for await (const text of result.toTextStream()) streamed += text;
      await result.completed;
      expect(result.error).toBeNull();
      expect(lookup.calls).toEqual([lookup.args]);
      expect(streamed).toContain(lookup.result);
      await expectRoutes(h, mark, { count: 2, ...route, stream: true });
    });

    it('an agent with an outputType returns an object valid against the schema', async () => {
      const mark = recordMark(h);
      const agent = new Agent({
        name: 'Forecaster',
        instructions: 'Answer with the forecast.',
        model: agentsModel.model(client, modelId),
        outputType: FORECAST_SCHEMA,
      });
      const result = await run(agent, FORECAST_PROMPT);
      expect(FORECAST_SCHEMA.safeParse(result.finalOutput).success).toBe(true);
      await expectRoutes(h, mark, { count: 1, ...route, stream: false });
    });
  });
});
