import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.ts';
import type { Harness } from '../harness.ts';
import { agentInstalled, describeRun } from './agent-cli.ts';
import { CODEX, runCodexExec } from './codex-exec.ts';
import { freeformCatalogEntry } from './codex-catalog.ts';
import type { CodexModelEntry } from './codex-catalog.ts';
import { CODEX_TOKEN_ENV, writeCodexHome } from './codex-home.ts';
import { expectRoutes, recordMark } from './gateway-records.ts';
import { CLIENT_TEST_MODELS } from './sim-models.ts';

const RUN_TIMEOUT_MS = 60_000;

/** One `codex exec --json` event; only the fields the test reads. */
interface CodexEvent {
  type: string;
  item?: { type: string; text?: string; aggregated_output?: string; exit_code?: number | null };
}

const events = (stdout: string): CodexEvent[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as CodexEvent);

/**
 * What Codex sends depends on the metadata it has for the model. For a model it does not
 * know (every simulator model) it uses fallback metadata: function tools, a `namespace` of
 * sub-agent tools and `web_search`. With metadata from its catalog it also sends the
 * freeform `apply_patch` (a `custom` tool), `tool_search`, `text.verbosity` and
 * `reasoning.effort`, as for OpenAI's own models. Both must work through the gateway.
 */
const METADATA = [
  { name: 'fallback model metadata', catalog: false },
  { name: 'model metadata from the Codex catalog', catalog: true },
];

describe.skipIf(!agentInstalled('Codex CLI', CODEX))(
  'Codex CLI (codex exec) through the gateway',
  () => {
    let h: Harness;
    let catalogEntry: CodexModelEntry;
    const homes: string[] = [];
    beforeAll(async () => {
      h = await startHarness();
      catalogEntry = await freeformCatalogEntry(CODEX);
    });
    afterAll(async () => {
      await h.close();
      for (const home of homes) rmSync(home, { recursive: true, force: true });
    });

    describe.each(METADATA)('with $name', ({ catalog }) => {
      it.each(CLIENT_TEST_MODELS)(
        'on %s: runs the shell command the model calls for and answers with its output',
        async (model) => {
          const home = mkdtempSync(join(tmpdir(), 'mg-codex-'));
          homes.push(home);
          const workspace = join(home, 'workspace');
          mkdirSync(workspace);
          // Only on disk, never in the prompt: an answer quoting it proves the command ran.
          const secret = `on-disk-${randomUUID()}`;
          writeFileSync(join(workspace, 'note.txt'), `${secret}\n`);
          const codexHome = writeCodexHome(home, {
            baseUrl: `${h.url}/v1`,
            model,
            ...(catalog ? { catalogEntry } : {}),
          });
          const mark = recordMark(h);

          const run = await runCodexExec({
            prompt: 'Show me note.txt. [[call:exec_command {"cmd":"cat note.txt"}]]',
            cwd: workspace,
            env: { HOME: home, CODEX_HOME: codexHome, [CODEX_TOKEN_ENV]: h.token },
          });

          expect(run.code, describeRun(run)).toBe(0);
          const items = events(run.stdout).flatMap((e) =>
            e.type === 'item.completed' && e.item ? [e.item] : [],
          );
          const command = items.find((i) => i.type === 'command_execution');
          expect(command, describeRun(run)).toMatchObject({ exit_code: 0 });
          expect(command?.aggregated_output).toContain(secret);
          const answer = items.filter((i) => i.type === 'agent_message').at(-1);
          expect(answer?.text, describeRun(run)).toContain(secret);
          await expectRoutes(h, mark, { count: 2, clientFormat: 'responses', model, stream: true });
        },
        RUN_TIMEOUT_MS + 10_000,
      );
    });
  },
);
