import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGateway,
  type RunningGateway,
} from '../../../electron/gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../../../electron/gateway/server/local-auth.ts';
import { UpstreamClient } from '../../../electron/gateway/upstream/upstream-client.ts';
import { recordedChunks, recordedNames, type RecordedFolder } from '../../recorded-fixtures.ts';
import { FIXTURE_MODELS, startFixtureUpstream, type FixtureUpstream } from './fixture-upstream.ts';
import {
  readChatReference,
  readGeminiReference,
  readResponsesReference,
  splitStreams,
  type ReferenceReading,
} from './reference-reading.ts';

const TOKEN = 'mgw_replay';
let upstream: FixtureUpstream;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startFixtureUpstream();
  gateway = await startGateway({
    upstream: new UpstreamClient({ baseUrl: upstream.url, apiKey: () => 'fixture-key' }),
    auth: singleTokenAuthenticator(TOKEN),
    port: 0,
  });
});
afterAll(async () => {
  await gateway.close(100);
  await upstream.close();
});

/** The recorded folders the gateway speaks (it has no Anthropic Messages format). */
type ReplayFolder = Exclude<RecordedFolder, 'anthropic'>;

interface ClientReading {
  text: string;
  calls: { name: string; args: unknown }[];
  usage?: { input: number; output: number; total: number };
}

/** Each client reads the replayed stream with its SDK's own stream helper. */
const CLIENTS: Record<ReplayFolder, (model: string, baseUrl: string) => Promise<ClientReading>> = {
  async chat(model, baseUrl) {
    const client = new OpenAI({ apiKey: TOKEN, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    const final = await client.chat.completions
      .stream({
        model,
        messages: [{ role: 'user', content: 'replay' }],
        stream_options: { include_usage: true },
      })
      .finalChatCompletion();
    const message = final.choices[0]?.message;
    const calls = (message?.tool_calls ?? []).flatMap((c) =>
      c.type === 'function'
        ? [{ name: c.function.name, args: JSON.parse(c.function.arguments || '{}') as unknown }]
        : [],
    );
    const u = final.usage;
    return {
      text: message?.content ?? '',
      calls,
      ...(u
        ? {
            usage: { input: u.prompt_tokens, output: u.completion_tokens, total: u.total_tokens },
          }
        : {}),
    };
  },
  async responses(model, baseUrl) {
    const client = new OpenAI({ apiKey: TOKEN, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    const final = await client.responses.stream({ model, input: 'replay' }).finalResponse();
    if (final.status === 'failed')
      throw new Error(`response failed: ${JSON.stringify(final.error)}`);
    const calls = final.output.flatMap((item) =>
      item.type === 'function_call'
        ? [{ name: item.name, args: JSON.parse(item.arguments || '{}') as unknown }]
        : [],
    );
    const u = final.usage;
    return {
      text: final.output_text,
      calls,
      ...(u
        ? { usage: { input: u.input_tokens, output: u.output_tokens, total: u.total_tokens } }
        : {}),
    };
  },
  async gemini(model, baseUrl) {
    const ai = new GoogleGenAI({ apiKey: TOKEN, httpOptions: { baseUrl, apiVersion: 'v1beta' } });
    let text = '';
    const calls: ClientReading['calls'] = [];
    let usage: ClientReading['usage'];
    for await (const chunk of await ai.models.generateContentStream({
      model,
      contents: 'replay',
    })) {
      for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
        if (part.text !== undefined && !part.thought) text += part.text;
        if (part.functionCall)
          calls.push({ name: part.functionCall.name ?? '', args: part.functionCall.args ?? {} });
      }
      const u = chunk.usageMetadata;
      if (u) {
        const input = (u.promptTokenCount ?? 0) + (u.toolUsePromptTokenCount ?? 0);
        const output = (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0);
        usage = { input, output, total: u.totalTokenCount ?? input + output };
      }
    }
    return { text, calls, ...(usage ? { usage } : {}) };
  },
};

const REFERENCE: Record<ReplayFolder, (payloads: string[]) => ReferenceReading> = {
  chat: readChatReference,
  responses: readResponsesReference,
  gemini: readGeminiReference,
};

const FOLDERS: ReplayFolder[] = ['chat', 'responses', 'gemini'];

/** How a client SDK reads a stream, or the message it fails with. */
async function settle(reading: Promise<ClientReading>): Promise<ClientReading | { threw: string }> {
  return reading.catch((error: unknown) => ({
    threw: error instanceof Error ? error.constructor.name : 'error',
  }));
}

const cases = FOLDERS.flatMap((folder) =>
  recordedNames(folder, '.chunks.txt').flatMap((name) =>
    splitStreams(folder, recordedChunks(folder, name)).map((payloads, i, all) => ({
      folder,
      name: all.length > 1 ? `${name} #${i + 1}` : name,
      payloads,
    })),
  ),
);

describe.each(cases)(
  'recorded $folder stream $name replayed as the upstream',
  ({ folder, payloads }) => {
    const reference = REFERENCE[folder](payloads);

    it.each(FOLDERS.filter((f) => f !== folder))(
      'reaches a %s client translated, with the same text, calls and usage',
      async (clientFormat) => {
        upstream.serve(folder, payloads);
        const reading = CLIENTS[clientFormat](FIXTURE_MODELS[folder], gateway.url);
        if (reference.failed) {
          await expect(reading).rejects.toThrow();
          return;
        }
        const result = await reading;
        expect(result.text).toBe(reference.text);
        expect(result.calls).toEqual(reference.calls);
        if (reference.usage) expect(result.usage).toEqual(reference.usage);
      },
    );

    it(`reaches a ${folder} client passed through exactly as its SDK reads the upstream directly`, async () => {
      upstream.serve(folder, payloads);
      const direct = await settle(CLIENTS[folder](FIXTURE_MODELS[folder], upstream.url));
      const viaGateway = await settle(CLIENTS[folder](FIXTURE_MODELS[folder], gateway.url));
      expect(viaGateway).toEqual(direct);
    });
  },
);
