import { describe, expect, it } from 'vitest';
import { envKeyProvider } from './env-key.ts';
import { InvalidUpstreamKeyError } from './upstream-key-format.ts';

describe('envKeyProvider', () => {
  it('serves MODEL_GATEWAY_UPSTREAM_KEY', async () => {
    const provider = envKeyProvider({ MODEL_GATEWAY_UPSTREAM_KEY: 'sk-env-1' });
    expect(await provider?.()).toBe('sk-env-1');
  });

  it('is null when the variable is unset or blank', () => {
    expect(envKeyProvider({})).toBeNull();
    expect(envKeyProvider({ MODEL_GATEWAY_UPSTREAM_KEY: '' })).toBeNull();
    expect(envKeyProvider({ MODEL_GATEWAY_UPSTREAM_KEY: '  \n' })).toBeNull();
  });

  it('trims what env files and shells add around the key', async () => {
    const provider = envKeyProvider({ MODEL_GATEWAY_UPSTREAM_KEY: ' sk-env-2\n' });
    expect(await provider?.()).toBe('sk-env-2');
  });

  it('refuses a malformed key at once, naming the variable but not the key', () => {
    const error = (() => {
      try {
        envKeyProvider({ MODEL_GATEWAY_UPSTREAM_KEY: 'sk-part one' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidUpstreamKeyError);
    expect((error as Error).message).toMatch(/^MODEL_GATEWAY_UPSTREAM_KEY: /);
    expect((error as Error).message).not.toContain('sk-part');
  });

  it('reads the environment once, when created', async () => {
    const env: NodeJS.ProcessEnv = { MODEL_GATEWAY_UPSTREAM_KEY: 'sk-at-start' };
    const provider = envKeyProvider(env);
    env.MODEL_GATEWAY_UPSTREAM_KEY = 'sk-later';
    expect(await provider?.()).toBe('sk-at-start');
  });
});
