import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage } from '@langchain/core/messages';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOpenAI } from '@langchain/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireFormat } from '../../../shared/wire-formats.ts';
import { startHarness } from '../harness.ts';
import type { Harness } from '../harness.ts';
import { expectRoutes, recordMark } from './gateway-records.ts';
import { FORECAST_PROMPT, FORECAST_SCHEMA, LOOKUP_TOOL, lookupRun } from './lookup-tool.ts';
import type { LookupRun } from './lookup-tool.ts';
import { CLIENT_TEST_MODELS } from './sim-models.ts';

/** LangChain JS chat models that can reach the gateway, with the format each speaks. */
interface LangChainClient {
  name: string;
  format: WireFormat;
  model: (h: Harness, id: string) => BaseChatModel;
}

const chatOpenAI = (h: Harness, id: string, useResponsesApi: boolean) =>
  new ChatOpenAI({
    model: id,
    apiKey: h.token,
    configuration: { baseURL: `${h.url}/v1` },
    useResponsesApi,
    maxRetries: 0,
  });

const CLIENTS: LangChainClient[] = [
  {
    name: 'ChatOpenAI useResponsesApi: false',
    format: 'chat',
    model: (h, id) => chatOpenAI(h, id, false),
  },
  {
    name: 'ChatOpenAI useResponsesApi: true',
    format: 'responses',
    model: (h, id) => chatOpenAI(h, id, true),
  },
  {
    name: 'ChatGoogleGenerativeAI',
    format: 'gemini',
    // The Google SDK under it appends /v1beta/models/... to baseUrl itself.
    model: (h, id) =>
      new ChatGoogleGenerativeAI({ model: id, apiKey: h.token, baseUrl: h.url, maxRetries: 0 }),
  },
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const lookupTool = (run: LookupRun) =>
  tool(async (args) => run.lookup(args), {
    name: LOOKUP_TOOL.name,
    description: LOOKUP_TOOL.description,
    schema: LOOKUP_TOOL.schema,
  });

/** One model turn, awaited whole or gathered from the stream's chunks. */
type Turn = (messages: BaseMessage[]) => Promise<AIMessageChunk>;

/**
 * The loop of LangChain's tool-calling guide: the model asks for the tool, `tool.invoke`
 * runs each call and returns a ToolMessage (with the tool's `name` on it), the model answers.
 */
async function toolLoop(run: LookupRun, turn: Turn): Promise<string> {
  const lookup = lookupTool(run);
  const messages: BaseMessage[] = [new HumanMessage(run.prompt)];
  const first = await turn(messages);
  expect(first.tool_calls?.map((c) => [c.name, c.args])).toEqual([[LOOKUP_TOOL.name, run.args]]);
  messages.push(first);
  for (const call of first.tool_calls ?? []) messages.push(await lookup.invoke(call));
  return (await turn(messages)).text;
}

function withLookup(model: BaseChatModel, run: LookupRun) {
  if (model.bindTools === undefined) throw new Error('this chat model cannot bind tools');
  return model.bindTools([lookupTool(run)]);
}

describe.each(CLIENTS)('LangChain $name', (client) => {
  describe.each(CLIENT_TEST_MODELS)('on %s', (modelId) => {
    const route = { clientFormat: client.format, model: modelId };

    it('invoke with bindTools runs a tool loop and answers with the tool result', async () => {
      const run = lookupRun();
      const mark = recordMark(h);
      const bound = withLookup(client.model(h, modelId), run);
      const answer = await toolLoop(run, (messages) => bound.invoke(messages));
      expect(run.calls).toEqual([run.args]);
      expect(answer).toContain(run.result);
      await expectRoutes(h, mark, { count: 2, ...route, stream: false });
    });

    it('stream with bindTools runs a tool loop and streams the answer with the tool result', async () => {
      const run = lookupRun('beta');
      const mark = recordMark(h);
      const bound = withLookup(client.model(h, modelId), run);
      const answer = await toolLoop(run, async (messages) => {
        let whole: AIMessageChunk | undefined;
        for await (const chunk of await bound.stream(messages)) {
          whole = whole === undefined ? chunk : whole.concat(chunk);
        }
        if (whole === undefined) throw new Error('the stream had no chunk');
        return whole;
      });
      expect(run.calls).toEqual([run.args]);
      expect(answer).toContain(run.result);
      await expectRoutes(h, mark, { count: 2, ...route, stream: true });
    });

    it('withStructuredOutput returns an object valid against the schema', async () => {
      const mark = recordMark(h);
      const structured = client.model(h, modelId).withStructuredOutput(FORECAST_SCHEMA, {
        name: 'forecast',
      });
      const forecast = await structured.invoke(FORECAST_PROMPT);
      expect(FORECAST_SCHEMA.safeParse(forecast).success).toBe(true);
      await expectRoutes(h, mark, { count: 1, ...route, stream: false });
    });
  });
});
