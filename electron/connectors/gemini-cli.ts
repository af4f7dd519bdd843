import { modelFor, type Connector } from './connector.ts';

/**
 * Gemini CLI (@google/gemini-cli 0.61, its bundled docs/reference/configuration.md):
 * `~/.gemini/settings.json` selects API-key auth (`security.auth.selectedType`) and the model
 * (`model.name`); `~/.gemini/.env`, which the CLI loads in trusted folders, holds the key
 * (`GEMINI_API_KEY`) and `GOOGLE_GEMINI_BASE_URL` (plain http is allowed for 127.0.0.1).
 */
export const geminiCli: Connector = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  format: 'gemini',
  binary: 'gemini',
  configDir: '.gemini',
  files: [
    { role: 'settings', path: '.gemini/settings.json', format: 'json', secret: false },
    { role: 'env', path: '.gemini/.env', format: 'env', secret: true },
  ],
  slots: [{ key: 'model', label: 'Model' }],
  owned: [
    { role: 'settings', path: ['security', 'auth', 'selectedType'] },
    { role: 'settings', path: ['model', 'name'] },
    { role: 'env', path: ['GEMINI_API_KEY'] },
    { role: 'env', path: ['GOOGLE_GEMINI_BASE_URL'] },
  ],
  marker: { role: 'env', path: ['GOOGLE_GEMINI_BASE_URL'] },
  entries: (endpoint, models) => [
    { role: 'settings', path: ['security', 'auth', 'selectedType'], value: 'gemini-api-key' },
    { role: 'settings', path: ['model', 'name'], value: modelFor(models, 'model') },
    { role: 'env', path: ['GEMINI_API_KEY'], value: endpoint.token },
    { role: 'env', path: ['GOOGLE_GEMINI_BASE_URL'], value: endpoint.origin },
  ],
};
