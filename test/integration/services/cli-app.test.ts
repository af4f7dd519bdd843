import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_TOKEN_HEADER, RPC_PATH, type AppStatus } from '../../../shared/contract.ts';
import { runCli, type CliProcess } from '../cli-process.ts';
import { occupyPort } from './free-port.ts';
import { SIM_MODELS } from '../../upstream-sim/index.ts';

const dirs: string[] = [];
const newDataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'mg-cli-app-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function started(p: CliProcess): Promise<{ url: string; uiUrl: URL; token: string }> {
  const [, url] = await p.line(/^Gateway listening on (\S+)\n/, 15_000);
  const uiUrl = new URL(/Open the app: (\S+)/.exec(p.stderr())![1]!);
  return { url: url!, uiUrl, token: uiUrl.searchParams.get('token')! };
}

function rpcWith(url: string, token: string) {
  return async (method: string, params?: unknown): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${url}${RPC_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [APP_TOKEN_HEADER]: token },
      body: JSON.stringify({ method, params }),
    });
    return { status: response.status, body: await response.json() };
  };
}

describe('model-gateway app (a real process)', () => {
  it('serves the UI and its RPC with the printed token, and reports a keychain it cannot use', async () => {
    // No Secret Service reachable, no key in the environment: as on a bare headless machine.
    const p = runCli(['app', '--port', '0', '--data-dir', newDataDir()], {
      MODEL_GATEWAY_UPSTREAM_KEY: '',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
    });
    try {
      const { url, uiUrl, token } = await started(p);
      expect(p.stdout()).toBe(`Gateway listening on ${url}\n`);
      expect(uiUrl.origin).toBe(url);
      expect(token.length).toBeGreaterThanOrEqual(40);
      // The token is printed once, in the address, and nowhere else.
      expect(p.stderr().split(token)).toHaveLength(2);

      const rpc = rpcWith(url, token);
      const status = await rpc('app.status');
      expect(status).toMatchObject({
        status: 200,
        body: {
          result: { shell: 'headless', firstRun: true, gateway: { errorCode: 'no_upstream' } },
        },
      });
      expect((await rpcWith(url, 'not-the-token')('app.status')).status).toBe(401);

      const saved = await rpc('profiles.save', {
        name: 'Work',
        baseUrl: 'https://gateway.example.com',
        pricingUrl: null,
      });
      expect(saved.status).toBe(200);
      const after = (await rpc('app.status')).body as { result: AppStatus };
      expect(after.result.gateway.errorCode).toBe('keychain_unavailable');
      expect(after.result.keychainProblem).toContain('No Secret Service is running');
      // And the catalog's text for it, which the UI shows in its language.
      expect(after.result.keychainProblemText?.key).toBe('settings.errors.keychain.linuxNoService');
      const profileId = (saved.body as { result: { id: string } }).result.id;
      const refused = await rpc('key.set', { profileId, key: 'sk-test-123' });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ error: { code: 'keychain_unavailable' } });
      expect(JSON.stringify(refused.body)).not.toContain('sk-test-123');

      p.child.kill('SIGTERM');
      expect(await p.exit()).toBe(0);
      expect(p.stderr()).not.toContain('sk-test-123');
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
  });

  it('exits 1 with a clear message when the port is taken', async () => {
    const taken = await occupyPort();
    try {
      const p = runCli(['app', '--port', String(taken.port), '--data-dir', newDataDir()], {
        MODEL_GATEWAY_UPSTREAM_KEY: '',
      });
      expect(await p.exit()).toBe(1);
      expect(p.stderr()).toContain(
        `Port ${taken.port} is already in use by another program. Pick another with --port (0 = any free port).`,
      );
      expect(p.stdout()).toBe('');
    } finally {
      await taken.release();
    }
  });
});

describe('model-gateway demo (a real process)', () => {
  it('is the app with the simulator preconfigured', async () => {
    const p = runCli(['demo', '--port', '0', '--data-dir', newDataDir()], {
      MODEL_GATEWAY_UPSTREAM_KEY: '',
      MODEL_GATEWAY_TOKEN: '',
    });
    try {
      const { url, token } = await started(p);
      const rpc = rpcWith(url, token);
      const status = ((await rpc('app.status')).body as { result: AppStatus }).result;
      expect(status).toMatchObject({
        firstRun: false,
        keySource: 'environment',
        activeProfile: { name: 'Simulator' },
        gateway: { running: true, errorCode: null },
      });
      const models = (await rpc('models.list', {})).body as { result: unknown[] };
      expect(models.result).toHaveLength(SIM_MODELS.length);
      // A tool token for trying it with curl, as before.
      const toolToken = /Local access token: (mgw_\S+)/.exec(p.stderr())![1]!;
      const listed = await fetch(`${url}/v1/models`, {
        headers: { authorization: `Bearer ${toolToken}` },
      });
      expect(listed.status).toBe(200);
      p.child.kill('SIGINT');
      expect(await p.exit()).toBe(0);
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
  });
});
