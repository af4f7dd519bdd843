import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from './static-files.ts';

/** The UI folder's files are served; a link inside it that leads out is not followed (finding 8). */
let base: string;
let server: Server;
let url: string;
const SECRET = 'outside-secret-8f2e';

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'mg-static-'));
  const ui = join(base, 'ui');
  mkdirSync(join(ui, 'assets'), { recursive: true });
  writeFileSync(join(ui, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(ui, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(base, 'secret.txt'), SECRET);
  mkdirSync(join(base, 'private'));
  writeFileSync(join(base, 'private', 'key.js'), SECRET);
  symlinkSync(join(base, 'secret.txt'), join(ui, 'leak.txt'));
  symlinkSync(join(base, 'secret.txt'), join(ui, 'assets', 'leak.js'));
  symlinkSync(join(base, 'private'), join(ui, 'assets', 'private'));
  // A link that stays inside the folder is fine.
  symlinkSync(join(ui, 'assets', 'app.js'), join(ui, 'assets', 'alias.js'));
  const handler = staticFiles(ui);
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(base, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, text: await res.text() };
};

describe('staticFiles', () => {
  it('serves the files below the folder, links that stay inside included', async () => {
    expect(await get('/assets/app.js')).toEqual({ status: 200, text: 'console.log(1)' });
    expect(await get('/assets/alias.js')).toEqual({ status: 200, text: 'console.log(1)' });
  });

  it.each(['/assets/leak.js', '/assets/private/key.js', '/leak.txt'])(
    'does not follow a link out of the folder: %s',
    async (path) => {
      const reply = await get(path);
      expect(reply.text).not.toContain(SECRET);
      expect(reply.status === 404 || reply.text.includes('<title>app</title>')).toBe(true);
    },
  );
});
