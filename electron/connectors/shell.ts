import type { Connector } from './connector.ts';

/** Everything else: environment variables most SDKs and CLIs read, to paste into a shell profile. */
export const shell: Connector = {
  id: 'shell',
  name: 'Shell (other tools)',
  format: 'chat',
  binary: null,
  configDir: null,
  files: [],
  slots: [],
  owned: [],
  marker: null,
  entries: () => [],
  snippet: (endpoint) =>
    [
      `export OPENAI_BASE_URL=${endpoint.origin}/v1`,
      `export OPENAI_API_KEY=${endpoint.token}`,
      `export GOOGLE_GEMINI_BASE_URL=${endpoint.origin}`,
      `export GEMINI_API_KEY=${endpoint.token}`,
      `export ANTHROPIC_BASE_URL=${endpoint.origin}`,
      `export ANTHROPIC_AUTH_TOKEN=${endpoint.token}`,
      '',
    ].join('\n'),
};
