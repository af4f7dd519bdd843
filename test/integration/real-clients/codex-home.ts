import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodexModelEntry } from './codex-catalog.ts';

/**
 * Settings that keep Codex headless and offline: it never asks, runs commands in the read-only
 * sandbox (they only read the workspace), and reaches no host but the gateway (telemetry,
 * feedback, update checks and the plugin and app fetches switched off).
 */
export const CODEX_OFFLINE_SETTINGS: readonly string[] = [
  'approval_policy = "never"',
  'sandbox_mode = "read-only"',
  'check_for_update_on_startup = false',
  '',
  '[analytics]',
  'enabled = false',
  '',
  '[feedback]',
  'enabled = false',
  '',
  '[otel]',
  'exporter = "none"',
  '',
  '[features]',
  'plugins = false',
  'remote_plugin = false',
  'apps = false',
  'tool_suggest = false',
];

/** The environment variable Codex reads the gateway's local token from (`env_key`). */
export const CODEX_TOKEN_ENV = 'MODEL_GATEWAY_TOKEN';

export interface CodexHomeOptions {
  /** e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  model: string;
  /** Metadata for the model (its slug is replaced); without it Codex uses fallback metadata. */
  catalogEntry?: CodexModelEntry;
}

/**
 * A fresh HOME with a `.codex/config.toml` (the format of @openai/codex 0.169) that sends
 * every request to the gateway over the responses wire API and keeps Codex off the
 * network otherwise. What it would reach out for with defaults, seen with strace on
 * 0.169: `git ls-remote https://github.com/openai/plugins.git` and api.github.com
 * (plugins), chatgpt.com (apps/connectors); analytics, feedback and OpenTelemetry export
 * and the update check are switched off as well. Returns CODEX_HOME.
 */
export function writeCodexHome(home: string, options: CodexHomeOptions): string {
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  const catalog: string[] = [];
  if (options.catalogEntry !== undefined) {
    const path = join(codexHome, 'model-catalog.json');
    const entry = { ...options.catalogEntry, slug: options.model, display_name: options.model };
    writeFileSync(path, JSON.stringify({ models: [entry] }));
    catalog.push(`model_catalog_json = ${JSON.stringify(path)}`);
  }
  const config = [
    `model = ${JSON.stringify(options.model)}`,
    'model_provider = "gateway"',
    ...catalog,
    ...CODEX_OFFLINE_SETTINGS,
    '',
    '[model_providers.gateway]',
    'name = "Local model gateway"',
    `base_url = ${JSON.stringify(options.baseUrl)}`,
    `env_key = "${CODEX_TOKEN_ENV}"`,
    'wire_api = "responses"',
    // A refused request must fail the run at once, not be retried for minutes.
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
  ].join('\n');
  writeFileSync(join(codexHome, 'config.toml'), config);
  return codexHome;
}
