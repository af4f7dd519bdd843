import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyDownload } from './verify-download.ts';

const digest = (body: Buffer) => createHash('sha512').update(body).digest('base64');

describe('a downloaded update', () => {
  // Larger than a stream chunk (64 KiB), so the digest is taken over several reads.
  const body = Buffer.alloc(300_000, 7);

  it('is kept when it matches its published sha512', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mg-verify-')), 'app.AppImage');
    writeFileSync(path, body);
    expect(await verifyDownload(path, digest(body))).toBe(true);
    expect(existsSync(path)).toBe(true);
  });

  it('is deleted when it does not', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mg-verify-')), 'app.AppImage');
    writeFileSync(path, Buffer.concat([body, Buffer.from('tampered')]));
    expect(await verifyDownload(path, digest(body))).toBe(false);
    expect(existsSync(path)).toBe(false);
  });
});
