import { describe, expect, it } from 'vitest';
import { readReleaseInfo, releaseFileFor } from './release-info.ts';

const SHA = `${'A'.repeat(86)}==`;

describe('a release description', () => {
  it('keeps the version and each file with its digest, ignoring the rest', () => {
    const info = readReleaseInfo({
      version: '1.3.0',
      files: [{ url: 'Model-Gateway-1.3.0-x86_64.AppImage', sha512: SHA, size: 10 }],
      path: 'Model-Gateway-1.3.0-x86_64.AppImage',
      releaseDate: '2026-01-01T00:00:00.000Z',
    });
    expect(info).toEqual({
      version: '1.3.0',
      files: [{ url: 'Model-Gateway-1.3.0-x86_64.AppImage', sha512: SHA }],
    });
  });

  it.each([
    [null, 'it is not a mapping of a version and files'],
    ['version: 1', 'it is not a mapping of a version and files'],
    [{ files: [{ url: 'a.exe', sha512: SHA }] }, 'the version is missing (version)'],
    [{ version: '1.3.0' }, 'the list of files is missing (files)'],
    [{ version: '1.3.0', files: [] }, 'it lists no files (files)'],
    [{ version: '1.3.0', files: [{ url: 'a.exe' }] }, 'a file has no sha512 (files.0.sha512)'],
    [
      { version: '1.3.0', files: [{ url: 'a.exe', sha512: 'abc' }] },
      'a file’s sha512 is not a base64 SHA-512 digest (files.0.sha512)',
    ],
  ])('refuses %j: %s', (raw, why) => {
    expect(() => readReleaseInfo(raw)).toThrow(
      `The release description (latest.yml) cannot be used: ${why}.`,
    );
  });

  it('finds the listed file a download was saved as, by its decoded name', () => {
    const info = readReleaseInfo({
      version: '1.3.0',
      files: [
        { url: 'Model%20Gateway-Setup-1.3.0-x64.exe', sha512: SHA },
        { url: 'https://example.com/dl/model-gateway_1.3.0_amd64.deb', sha512: SHA },
      ],
    });
    expect(releaseFileFor(info, 'Model Gateway-Setup-1.3.0-x64.exe')?.url).toBe(
      'Model%20Gateway-Setup-1.3.0-x64.exe',
    );
    expect(releaseFileFor(info, 'model-gateway_1.3.0_amd64.deb')).not.toBeNull();
    expect(releaseFileFor(info, 'other.exe')).toBeNull();
  });
});
