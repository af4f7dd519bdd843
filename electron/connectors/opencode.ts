import { modelFor, type Connector } from './connector.ts';

const OPENCODE_PROVIDER = 'model-gateway';

/**
 * OpenCode (opencode-ai 1.18): the global `~/.config/opencode/opencode.json`. A custom provider
 * through the OpenAI-compatible AI SDK package, as its config schema has it (`provider.<id>` with
 * `npm`, `name`, `options.baseURL`, `options.apiKey`, `models`), and `model` as
 * `provider/model`. The model list is the catalog's (slot `models`, comma-separated), else the
 * chosen model alone.
 */
export const opencode: Connector = {
  id: 'opencode',
  name: 'OpenCode',
  format: 'chat',
  binary: 'opencode',
  configDir: '.config/opencode',
  files: [{ role: 'config', path: '.config/opencode/opencode.json', format: 'json', secret: true }],
  slots: [{ key: 'model', label: 'Model' }],
  owned: [
    { role: 'config', path: ['provider', OPENCODE_PROVIDER] },
    { role: 'config', path: ['model'] },
  ],
  marker: { role: 'config', path: ['provider', OPENCODE_PROVIDER] },
  entries: (endpoint, models) => {
    const main = modelFor(models, 'model');
    const list = (models.models ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    const ids = list.includes(main) ? list : [main, ...list];
    return [
      {
        role: 'config',
        path: ['provider', OPENCODE_PROVIDER],
        value: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Model Gateway (local)',
          options: { baseURL: `${endpoint.origin}/v1`, apiKey: endpoint.token },
          models: Object.fromEntries(ids.map((id) => [id, { name: id }])),
        },
      },
      { role: 'config', path: ['model'], value: `${OPENCODE_PROVIDER}/${main}` },
    ];
  },
};
