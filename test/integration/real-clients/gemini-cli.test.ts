import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.ts';
import type { Harness } from '../harness.ts';
import { agentFile, agentInstalled, describeRun, runAgent } from './agent-cli.ts';
import { writeGeminiHome } from './gemini-home.ts';
import { expectRoutes, recordMark } from './gateway-records.ts';
import { CLIENT_TEST_MODELS } from './sim-models.ts';

const GEMINI = agentFile('@google/gemini-cli/bundle/gemini.js');
const RUN_TIMEOUT_MS = 60_000;

/** `gemini --output-format json`; only the fields the test reads. */
interface GeminiOutput {
  response?: string;
  error?: unknown;
  stats?: { tools?: { byName?: Record<string, { success?: number; fail?: number }> } };
}

function parseOutput(stdout: string): GeminiOutput | null {
  try {
    return JSON.parse(stdout) as GeminiOutput;
  } catch {
    return null;
  }
}

describe.skipIf(!agentInstalled('Gemini CLI', GEMINI))(
  'Gemini CLI (gemini -p) through the gateway',
  () => {
    let h: Harness;
    const homes: string[] = [];
    beforeAll(async () => {
      h = await startHarness();
    });
    afterAll(async () => {
      await h.close();
      for (const home of homes) rmSync(home, { recursive: true, force: true });
    });

    it.each(CLIENT_TEST_MODELS)(
      'on %s: reads the file the model calls for and answers with its content',
      async (model) => {
        const home = mkdtempSync(join(tmpdir(), 'mg-gemini-'));
        homes.push(home);
        const workspace = join(home, 'workspace');
        mkdirSync(workspace);
        // Only on disk, never in the prompt: an answer quoting it proves the tool ran.
        const secret = `on-disk-${randomUUID()}`;
        writeFileSync(join(workspace, 'note.txt'), `${secret}\n`);
        writeGeminiHome(home);
        const mark = recordMark(h);

        const run = await runAgent({
          bin: GEMINI,
          args: [
            '--prompt',
            'Show me note.txt. [[call:read_file {"file_path":"note.txt"}]]',
            '--model',
            model,
            '--output-format',
            'json',
          ],
          cwd: workspace,
          env: {
            HOME: home,
            GEMINI_API_KEY: h.token,
            GOOGLE_GEMINI_BASE_URL: h.url,
            NO_COLOR: '1',
            TERM: 'dumb',
          },
          timeoutMs: RUN_TIMEOUT_MS,
        });

        expect(run.code, describeRun(run)).toBe(0);
        const output = parseOutput(run.stdout);
        expect(output?.stats?.tools?.byName?.read_file, describeRun(run)).toMatchObject({
          success: 1,
          fail: 0,
        });
        expect(output?.response, describeRun(run)).toContain(secret);
        await expectRoutes(h, mark, { count: 2, clientFormat: 'gemini', model, stream: true });
      },
      RUN_TIMEOUT_MS + 10_000,
    );
  },
);
