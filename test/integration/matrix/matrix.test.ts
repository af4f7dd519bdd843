import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatrixTarget } from '../../format-kits/format-kit.ts';
import { KIT_LIST } from '../../format-kits/kits.ts';
import { startHarness, type Harness } from '../harness.ts';
import {
  expectAnswerJson,
  HISTORY,
  SYSTEM_TEXT,
  TINY_PNG,
  TOOL_RESULT_PHRASE,
} from './scenarios.ts';

/**
 * The translation matrix: each format's official SDK (from its kit) against every single-format
 * model, streamed and not, so each client passes through to its own format's model and is
 * translated to every other. The scenarios every format runs, and what they must show, are
 * here; the SDK calls, and the checks only one SDK can make, are in each kit's `matrix`.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Models that each support exactly one format upstream: one per kit. */
const MODELS = KIT_LIST.map((kit) => kit.nativeModel);

/** The running harness, read when a scenario runs (the tests are collected before it starts). */
const target: MatrixTarget = {
  get url() {
    return h.url;
  },
  get token() {
    return h.token;
  },
  lastUpstreamBody: () => h.sim.journal.at(-1)?.rawBody ?? '',
  clearJournal: () => h.sim.clearJournal(),
};

describe.each(KIT_LIST)('$format client', (kit) => {
  const client = kit.matrix.connect(target);

  describe.each(MODELS)(`${kit.matrix.sdk}, model %s`, (model) => {
    describe.each([false, true])('stream=%s', (stream) => {
      it('answers plain text, with usage', async () => {
        expect(await client.plainText(model, stream)).toContain('Say hello');
      });

      it('carries a system prompt and multi-turn history', async () => {
        h.sim.clearJournal();
        const text = await client.history(model, stream, {
          system: SYSTEM_TEXT,
          turns: [HISTORY.first, HISTORY.firstAnswer, HISTORY.second],
        });
        expect(text).toContain(HISTORY.second);
        const upstream = target.lastUpstreamBody();
        for (const sent of [SYSTEM_TEXT, HISTORY.first, HISTORY.firstAnswer])
          expect(upstream).toContain(sent);
      });

      it('calls a tool and uses its result in a second turn', async () => {
        const { call, answer } = await client.toolLoop(model, stream);
        expect(call.name).toBe('get_weather');
        expect(call.args).toEqual({ city: 'Paris' });
        expect(answer).toContain(TOOL_RESULT_PHRASE);
      });

      it('passes an image input', async () => {
        h.sim.clearJournal();
        const text = await client.imageInput(model, stream);
        expect(text).toContain('What is this?');
        expect(text).toContain('I see 1 image.');
        expect(target.lastUpstreamBody()).toContain(TINY_PNG);
      });

      it('returns JSON-schema output', async () => {
        expect(expectAnswerJson(await client.jsonOutput(model, stream)).city).toBeTruthy();
      });

      for (const [name, run] of Object.entries(client.extra)) it(name, () => run(model, stream));
    });

    for (const [name, run] of Object.entries(client.perModel)) it(name, () => run(model));
  });

  for (const [name, run] of Object.entries(client.once)) it(name, () => run());
});
