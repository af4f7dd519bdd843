import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/** The file's SHA-512 in base64 (as `latest.yml` gives it), read as a stream: installers are large. */
async function sha512Of(path: string): Promise<string> {
  const hash = createHash('sha512');
  await pipeline(createReadStream(path), hash);
  return hash.digest('base64');
}

/**
 * Checks a downloaded file against the digest its release published. A file that does not match
 * (damaged or tampered with) is deleted at once, so nothing can install it later.
 */
export async function verifyDownload(path: string, sha512: string): Promise<boolean> {
  if ((await sha512Of(path)) === sha512) return true;
  await rm(path, { force: true });
  return false;
}
