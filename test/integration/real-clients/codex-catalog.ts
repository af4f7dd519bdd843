import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRun, runAgent } from './agent-cli.ts';

/** One entry of Codex's model catalog; only the fields the tests read are typed. */
export interface CodexModelEntry {
  slug: string;
  apply_patch_tool_type?: string;
  tool_mode?: string;
  use_responses_lite?: boolean;
  [field: string]: unknown;
}

/**
 * The metadata Codex bundles for one of OpenAI's own models that takes the freeform
 * `apply_patch` (a `custom` tool with a Lark grammar) and `tool_search`. Given to a
 * simulator model through `model_catalog_json`, it makes Codex send that model what it
 * sends a model it knows, instead of the reduced tool set of its fallback metadata.
 * Models with a `tool_mode` (`code_mode_only`: tools only reachable from JavaScript run by
 * a custom `exec` tool, declared in an `additional_tools` input item) are left out: the
 * simulator cannot answer with JavaScript, so no tool loop could happen on them.
 */
export async function freeformCatalogEntry(codexBin: string): Promise<CodexModelEntry> {
  const home = mkdtempSync(join(tmpdir(), 'mg-codex-catalog-'));
  try {
    const run = await runAgent({
      bin: codexBin,
      args: ['debug', 'models', '--bundled'],
      cwd: home,
      env: { HOME: home, CODEX_HOME: home },
      timeoutMs: 30_000,
    });
    if (run.code !== 0) throw new Error(`codex debug models failed: ${describeRun(run)}`);
    const catalog = JSON.parse(run.stdout) as { models: CodexModelEntry[] };
    const entry = catalog.models.find(
      (m) => m.apply_patch_tool_type === 'freeform' && m.tool_mode === undefined,
    );
    if (entry === undefined) throw new Error('no model with a freeform apply_patch in the catalog');
    return entry;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
