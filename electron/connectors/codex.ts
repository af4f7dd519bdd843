import { modelFor, type Connector } from './connector.ts';

const CODEX_PROVIDER = 'model-gateway';

/**
 * Codex CLI (@openai/codex 0.169): `~/.codex/config.toml`. A `[model_providers.model-gateway]`
 * table on the responses wire API, chosen by the top-level `model_provider` and `model`. The
 * token goes in the provider's `experimental_bearer_token` (a field of Codex's
 * ModelProviderInfo in 0.169), so the file alone is enough: no `env_key` variable to export.
 */
export const codex: Connector = {
  id: 'codex',
  name: 'Codex CLI',
  format: 'responses',
  binary: 'codex',
  configDir: '.codex',
  files: [{ role: 'config', path: '.codex/config.toml', format: 'toml', secret: true }],
  slots: [{ key: 'model', label: 'Model' }],
  owned: [
    { role: 'config', path: ['model_provider'] },
    { role: 'config', path: ['model'] },
    { role: 'config', path: ['model_providers', CODEX_PROVIDER] },
  ],
  marker: { role: 'config', path: ['model_providers', CODEX_PROVIDER] },
  entries: (endpoint, models) => [
    {
      role: 'config',
      path: ['model_providers', CODEX_PROVIDER],
      value: {
        name: 'Model Gateway (local)',
        base_url: `${endpoint.origin}/v1`,
        wire_api: 'responses',
        experimental_bearer_token: endpoint.token,
      },
    },
    { role: 'config', path: ['model_provider'], value: CODEX_PROVIDER },
    { role: 'config', path: ['model'], value: modelFor(models, 'model') },
  ],
};
