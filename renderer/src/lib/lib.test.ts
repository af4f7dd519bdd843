import { describe, expect, it } from 'vitest';
import { pageFromHash } from './routes.ts';
import { buildSnippets, gatewayBaseUrl } from './snippets.ts';

describe('buildSnippets', () => {
  it('reads the token from the environment when none was just created', () => {
    const snippets = buildSnippets({
      gatewayUrl: 'http://127.0.0.1:8787/',
      token: null,
      model: 'sim-chat',
    });
    expect(snippets.map((s) => s.id)).toEqual([
      'curl',
      'openai-js',
      'openai-python',
      'genai',
      'anthropic-js',
      'ollama-js',
      'claude-code',
      'env',
    ]);
    const curl = snippets[0]?.code ?? '';
    expect(curl).toContain('curl http://127.0.0.1:8787/v1/chat/completions');
    expect(curl).toContain('Bearer $MODEL_GATEWAY_TOKEN');
    expect(curl).toContain('"model":"sim-chat"');
    expect(snippets[1]?.code).toContain("baseURL: 'http://127.0.0.1:8787/v1'");
    expect(snippets[1]?.code).toContain('apiKey: process.env.MODEL_GATEWAY_TOKEN');
    expect(snippets[2]?.code).toContain('api_key=os.environ["MODEL_GATEWAY_TOKEN"]');
    expect(snippets[3]?.code).toContain("httpOptions: { baseUrl: 'http://127.0.0.1:8787' }");
    const byId = (id: string) => snippets.find((s) => s.id === id)?.code ?? '';
    expect(byId('anthropic-js')).toContain("baseURL: 'http://127.0.0.1:8787'");
    expect(byId('ollama-js')).toContain("host: 'http://127.0.0.1:8787',");
    expect(byId('ollama-js')).toContain('Bearer ${process.env.MODEL_GATEWAY_TOKEN}');
    expect(byId('claude-code')).toContain('export ANTHROPIC_BASE_URL=http://127.0.0.1:8787');
    expect(byId('claude-code')).toContain('ANTHROPIC_AUTH_TOKEN=$MODEL_GATEWAY_TOKEN');
    expect(byId('claude-code')).toContain('claude --model sim-chat');
    expect(byId('env')).toContain('export OPENAI_BASE_URL=http://127.0.0.1:8787/v1');
  });

  it('embeds a just-created token everywhere', () => {
    const snippets = buildSnippets({
      gatewayUrl: 'http://127.0.0.1:9000',
      token: 'mgw_abc',
      model: 'm',
    });
    for (const snippet of snippets) expect(snippet.code).toContain('mgw_abc');
    expect(snippets[2]?.code).not.toContain('import os');
  });

  it('falls back to the configured port when the gateway is not running', () => {
    expect(gatewayBaseUrl(null, 8787)).toBe('http://127.0.0.1:8787');
    expect(gatewayBaseUrl('http://127.0.0.1:1234', 8787)).toBe('http://127.0.0.1:1234');
  });
});

describe('pageFromHash', () => {
  it('maps hashes to pages, defaulting to chat', () => {
    expect(pageFromHash('#/logs')).toBe('logs');
    expect(pageFromHash('#/tools')).toBe('tools');
    expect(pageFromHash('#/settings/tokens')).toBe('settings');
    expect(pageFromHash('')).toBe('chat');
    expect(pageFromHash('#/nope')).toBe('chat');
  });
});
