import { agentFile, runAgent, type AgentRun } from './agent-cli.ts';

/** The npm package's launcher of the native Codex binary (in test/agents). */
export const CODEX = agentFile('@openai/codex/bin/codex.js');

const RUN_TIMEOUT_MS = 60_000;

/**
 * `codex exec` once, headless: JSON events on stdout, no session kept, no git checks, no colour.
 * `strictConfig` refuses a config key Codex does not know (for files the tests write).
 */
export function runCodexExec(options: {
  prompt: string;
  cwd: string;
  env: Record<string, string>;
  strictConfig?: boolean;
  timeoutMs?: number;
}): Promise<AgentRun> {
  return runAgent({
    bin: CODEX,
    args: [
      'exec',
      '--json',
      '--ephemeral',
      ...(options.strictConfig === false ? [] : ['--strict-config']),
      '--skip-git-repo-check',
      '--color',
      'never',
      options.prompt,
    ],
    cwd: options.cwd,
    env: options.env,
    timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
  });
}
