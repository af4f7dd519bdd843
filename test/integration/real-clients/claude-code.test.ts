import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator } from '../../upstream-sim/index.ts';
import type { JournalEntry, RunningSimulator } from '../../upstream-sim/index.ts';
import { startHarness } from '../harness.ts';
import type { Harness } from '../harness.ts';
import { gradientPng } from '../../e2e/png-fixture.ts';
import { agentInstalled, describeRun } from './agent-cli.ts';
import { CLAUDE, runClaudeCodeImageRead, runClaudeCodeToolLoop } from './claude-code.ts';
import type { ClaudeCodeTarget } from './claude-code.ts';
import type { ClaudeAuth } from './claude-home.ts';
import { expectRoutes, recordMark } from './gateway-records.ts';

const RUN_TIMEOUT_MS = 60_000;

interface Target {
  name: string;
  /** `simulator`: straight at the upstream simulator; `gateway`: through the gateway before it. */
  via: 'simulator' | 'gateway';
  model: string;
  auth: ClaudeAuth;
}

/**
 * Where Claude Code is pointed, one tool loop each. Straight at the simulator for now, which
 * proves the simulator speaks Messages well enough for the real client (thinking signatures
 * included: Claude Code turns adaptive thinking on). The gateway's targets go in this list, e.g.
 * `...CLIENT_TEST_MODELS.map((model) => ({ name: model, via: 'gateway', model, auth: 'bearer' }))`;
 * the test starts the gateway when one is there and checks each run's routes in its records.
 */
const TARGETS: readonly Target[] = [
  // Straight at the simulator: proves it speaks Messages as Claude Code expects.
  { name: 'sim-anthropic, Bearer', via: 'simulator', model: 'sim-anthropic', auth: 'bearer' },
  { name: 'sim-all, x-api-key', via: 'simulator', model: 'sim-all', auth: 'x-api-key' },
  // Through the gateway, on every model that serves a generation format.
  {
    name: 'sim-anthropic (passed through)',
    via: 'gateway',
    model: 'sim-anthropic',
    auth: 'bearer',
  },
  { name: 'sim-chat (translated)', via: 'gateway', model: 'sim-chat', auth: 'bearer' },
  { name: 'sim-responses (translated)', via: 'gateway', model: 'sim-responses', auth: 'bearer' },
  { name: 'sim-gemini (translated)', via: 'gateway', model: 'sim-gemini', auth: 'x-api-key' },
  { name: 'sim-all (passed through)', via: 'gateway', model: 'sim-all', auth: 'bearer' },
  { name: 'sim-no-markers (translated)', via: 'gateway', model: 'sim-no-markers', auth: 'bearer' },
];

/** Google's documented "no signature known" value: a call sent with it proves nothing. */
const SKIP_SIGNATURE = 'skip_thought_signature_validator';

const messagesOf = (entry: JournalEntry): { role: string; content: unknown }[] =>
  ((entry.body as { messages?: unknown[] }).messages ?? []) as { role: string; content: unknown }[];

describe.skipIf(!agentInstalled('Claude Code', CLAUDE))('Claude Code (claude -p)', () => {
  let sim: RunningSimulator;
  let h: Harness | undefined;
  beforeAll(async () => {
    if (TARGETS.some((t) => t.via === 'gateway')) {
      h = await startHarness();
      sim = h.sim;
    } else {
      sim = await startSimulator();
    }
  });
  afterAll(async () => {
    await (h === undefined ? sim.close() : h.close());
  });

  function targetOf(t: Target): ClaudeCodeTarget {
    if (t.via === 'simulator') {
      return { baseUrl: sim.url, token: SIM_KEYS.full, model: t.model, auth: t.auth };
    }
    if (h === undefined) throw new Error('the gateway was not started');
    return { baseUrl: h.url, token: h.token, model: t.model, auth: t.auth };
  }

  it.each(TARGETS)(
    '$via, $name: reads the file the model calls for and answers with its content',
    async (t) => {
      const since = sim.journal.at(-1)?.id ?? 0;
      const mark = h === undefined ? 0 : recordMark(h);

      const loop = await runClaudeCodeToolLoop(targetOf(t), RUN_TIMEOUT_MS);

      const { run } = loop;
      expect(run.code, describeRun(run)).toBe(0);
      expect(loop.egress, 'hosts Claude Code tried to reach besides its base URL').toEqual([]);
      expect(loop.toolUses, describeRun(run)).toEqual([
        { id: expect.any(String) as unknown, name: 'Read', input: { file_path: loop.notePath } },
      ]);
      expect(loop.toolResults).toEqual([
        {
          toolUseId: loop.toolUses[0]?.id,
          content: expect.stringContaining(loop.secret) as unknown,
          isError: false,
          images: [],
        },
      ]);
      expect(loop.result, describeRun(run)).toMatchObject({
        subtype: 'success',
        is_error: false,
        num_turns: 2,
      });
      expect(loop.result?.result).toContain(loop.secret);

      if (t.via === 'gateway' && h !== undefined) {
        await expectRoutes(h, mark, {
          count: 2,
          clientFormat: 'anthropic',
          model: t.model,
          stream: true,
        });
        if (t.model === 'sim-gemini') {
          // The Gemini signature of the call went out to Claude Code and came back upstream
          // byte-exact: the simulator refuses a wrong one, and the sentinel would prove nothing.
          const second = sim.journal.filter((e) => e.id > since).at(-1);
          const contents = (second?.body as { contents?: { role: string; parts: unknown[] }[] })
            .contents;
          const call = contents
            ?.filter((c) => c.role === 'model')
            .flatMap((c) => c.parts as { functionCall?: unknown; thoughtSignature?: string }[])
            .find((part) => part.functionCall !== undefined);
          expect(call?.thoughtSignature).toBeTruthy();
          expect(call?.thoughtSignature).not.toBe(SKIP_SIGNATURE);
        }
        return;
      }
      // Straight at the simulator: its journal is what Claude Code sent.
      const sent = sim.journal.filter((e) => e.id > since);
      expect(sent.map((e) => [e.method, e.path, e.query, e.status])).toEqual([
        ['POST', '/v1/messages', { beta: 'true' }, 200],
        ['POST', '/v1/messages', { beta: 'true' }, 200],
      ]);
      for (const entry of sent) {
        expect(entry.key).toBe(SIM_KEYS.full);
        const header = t.auth === 'bearer' ? 'authorization' : 'x-api-key';
        expect(Object.keys(entry.headers)).toContain(header);
        expect(entry.headers['anthropic-version']).toBe('2023-06-01');
      }
      // The second request carries the call back; a signing model's thinking block with it.
      const assistant = messagesOf(sent[1]!).findLast((m) => m.role === 'assistant');
      const types = (assistant?.content as { type: string }[]).map((b) => b.type);
      expect(types).toEqual(t.model === 'sim-anthropic' ? ['thinking', 'tool_use'] : ['tool_use']);
    },
    RUN_TIMEOUT_MS + 10_000,
  );

  it.each(TARGETS)(
    '$via, $name: reads an image file the model calls for, and the model sees the image',
    async (t) => {
      const since = sim.journal.at(-1)?.id ?? 0;
      const mark = h === undefined ? 0 : recordMark(h);

      const read = await runClaudeCodeImageRead(targetOf(t), DIAGRAM_PNG, RUN_TIMEOUT_MS);

      const { run } = read;
      expect(run.code, describeRun(run)).toBe(0);
      expect(read.egress, 'hosts Claude Code tried to reach besides its base URL').toEqual([]);
      expect(read.toolUses, describeRun(run)).toEqual([
        { id: expect.any(String) as unknown, name: 'Read', input: { file_path: read.imagePath } },
      ]);
      // Read answers an image file with an image block inside the tool result.
      const image = read.toolResults[0]?.images[0];
      expect(read.toolResults).toEqual([
        {
          toolUseId: read.toolUses[0]?.id,
          content: expect.any(String) as unknown,
          isError: false,
          images: [{ mediaType: 'image/png', bytes: expect.any(Number) as unknown }],
        },
      ]);
      expect(read.result, describeRun(run)).toMatchObject({
        subtype: 'success',
        is_error: false,
        num_turns: 2,
      });
      // The simulator names each image a tool result brought it, by type and size: the image
      // reached the model whole, whatever the upstream's format.
      expect(read.result?.result).toContain(`an image (image/png, ${image?.bytes} bytes)`);

      const second = sim.journal.filter((e) => e.id > since).at(-1);
      expect(second === undefined ? [] : upstreamImages(second), 'how the image went up').toEqual([
        IMAGE_PLACE[upstreamOf(t)],
      ]);
      if (t.via === 'gateway' && h !== undefined) {
        await expectRoutes(h, mark, {
          count: 2,
          clientFormat: 'anthropic',
          model: t.model,
          stream: true,
        });
        const rules = h.records.slice(mark).at(-1)?.rules ?? [];
        const asUserMessage = 'chat.tool_result_images_as_user_message';
        if (upstreamOf(t) === 'chat') expect(rules).toContain(asUserMessage);
        else expect(rules).not.toContain(asUserMessage);
      }
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});

/** A small real PNG for Read: Claude Code returns image files it can decode as image blocks. */
const DIAGRAM_PNG = gradientPng(16, 16);

type UpstreamFormat = 'anthropic' | 'chat' | 'responses' | 'gemini';

/** The format the second request reached the simulator in. */
function upstreamOf(t: Target): UpstreamFormat {
  if (t.via === 'simulator' || t.model === 'sim-anthropic' || t.model === 'sim-all')
    return 'anthropic';
  if (t.model === 'sim-responses') return 'responses';
  if (t.model === 'sim-gemini') return 'gemini';
  return 'chat';
}

/** Where each upstream format holds the image of a tool result. */
const IMAGE_PLACE: Readonly<Record<UpstreamFormat, string>> = {
  anthropic: 'tool_result.content: image',
  responses: 'function_call_output.output: input_image',
  gemini: 'functionResponse.parts: inlineData',
  chat: 'user message after the tool messages: image_url',
};

/**
 * The places in an upstream request body that hold an image of a tool result, in the words of
 * `IMAGE_PLACE`, read straight from the body the simulator got.
 */
function upstreamImages(entry: JournalEntry): string[] {
  const body = entry.body as Record<string, unknown[] | undefined>;
  const found: string[] = [];
  type Loose = Record<string, unknown> & { content?: unknown; parts?: unknown };
  const list = (value: unknown): Loose[] => (Array.isArray(value) ? (value as Loose[]) : []);
  for (const message of list(body.messages)) {
    for (const block of list(message.content)) {
      if (block.type === 'tool_result' && list(block.content).some((b) => b.type === 'image'))
        found.push(IMAGE_PLACE.anthropic);
    }
  }
  const messages = list(body.messages);
  messages.forEach((message, i) => {
    const afterTool = messages[i - 1]?.role === 'tool';
    if (
      message.role === 'user' &&
      afterTool &&
      list(message.content).some((p) => p.type === 'image_url')
    )
      found.push(IMAGE_PLACE.chat);
  });
  for (const item of list(body.input)) {
    if (
      item.type === 'function_call_output' &&
      list(item.output).some((p) => p.type === 'input_image')
    )
      found.push(IMAGE_PLACE.responses);
  }
  for (const content of list(body.contents)) {
    for (const part of list(content.parts)) {
      const response = part.functionResponse as Loose | undefined;
      if (list(response?.parts).some((p) => p.inlineData !== undefined))
        found.push(IMAGE_PLACE.gemini);
    }
  }
  return found;
}
