import { modelFor, type Connector } from './connector.ts';

/**
 * Claude Code (@anthropic-ai/claude-code 2.1.331): `~/.claude/settings.json`, whose `env` block
 * the CLI applies to itself at start. The variable names are the ones in the package's binary:
 * `ANTHROPIC_AUTH_TOKEN` is sent as a Bearer token; `ANTHROPIC_MODEL` is the model, the
 * `ANTHROPIC_DEFAULT_{OPUS,SONNET,HAIKU}_MODEL` variables stand in for the opus / sonnet /
 * haiku aliases (haiku also runs background tasks), and `CLAUDE_CODE_SUBAGENT_MODEL` runs
 * sub-agents.
 */
const MODEL_VARS = {
  model: 'ANTHROPIC_MODEL',
  opus: 'ANTHROPIC_DEFAULT_OPUS_MODEL',
  sonnet: 'ANTHROPIC_DEFAULT_SONNET_MODEL',
  haiku: 'ANTHROPIC_DEFAULT_HAIKU_MODEL',
  subagent: 'CLAUDE_CODE_SUBAGENT_MODEL',
} as const;

const VARS = ['ANTHROPIC_BASE_URL', 'ANTHROPIC_AUTH_TOKEN', ...Object.values(MODEL_VARS)];

export const claudeCode: Connector = {
  id: 'claude-code',
  name: 'Claude Code',
  format: 'anthropic',
  binary: 'claude',
  configDir: '.claude',
  files: [{ role: 'settings', path: '.claude/settings.json', format: 'json', secret: true }],
  slots: [
    { key: 'model', label: 'Model' },
    { key: 'opus', label: 'Opus' },
    { key: 'sonnet', label: 'Sonnet' },
    { key: 'haiku', label: 'Haiku (and background tasks)' },
    { key: 'subagent', label: 'Sub-agents' },
  ],
  owned: VARS.map((name) => ({ role: 'settings', path: ['env', name] })),
  marker: { role: 'settings', path: ['env', 'ANTHROPIC_BASE_URL'] },
  entries: (endpoint, models) => [
    // Without /v1: Claude Code posts to `${ANTHROPIC_BASE_URL}/v1/messages`.
    { role: 'settings', path: ['env', 'ANTHROPIC_BASE_URL'], value: endpoint.origin },
    { role: 'settings', path: ['env', 'ANTHROPIC_AUTH_TOKEN'], value: endpoint.token },
    ...Object.entries(MODEL_VARS).map(([slot, name]) => ({
      role: 'settings',
      path: ['env', name],
      value: modelFor(models, slot),
    })),
  ],
};
