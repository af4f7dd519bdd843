import { z } from 'zod';
import { errorText } from '../../shared/error-text.ts';
import { UpdateFailure } from './update-failure.ts';

/** A file of a release as `latest*.yml` lists it: its URL (relative to the release) and sha512. */
export interface ReleaseFile {
  url: string;
  /** Base64 of the SHA-512 digest, as electron-builder writes it. */
  sha512: string;
}

/** What the app reads of a release feed's `latest*.yml` (electron-builder's UpdateInfo). */
export interface ReleaseInfo {
  version: string;
  files: ReleaseFile[];
}

// 64 bytes in base64: 86 characters and the padding.
const SHA512_BASE64 = /^[A-Za-z0-9+/]{86}==$/;

// Loose objects: electron-builder writes more (path, releaseDate, blockMapSize) than is read here.
const releaseInfoSchema = z.object(
  {
    version: z.string({ error: 'the version is missing' }).min(1, 'the version is empty'),
    files: z
      .array(
        z.object({
          url: z.string({ error: 'a file has no url' }).min(1, 'a file has an empty url'),
          sha512: z
            .string({ error: 'a file has no sha512' })
            .regex(SHA512_BASE64, 'a file’s sha512 is not a base64 SHA-512 digest'),
        }),
        { error: 'the list of files is missing' },
      )
      .min(1, 'it lists no files'),
  },
  { error: 'it is not a mapping of a version and files' },
);

/**
 * The release description as the feed gave it (YAML already parsed), checked before anything is
 * downloaded: without a version and a checksum for every file there is nothing to verify against.
 */
export function readReleaseInfo(raw: unknown): ReleaseInfo {
  const parsed = releaseInfoSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  const detail = `${issue?.message ?? 'it could not be read'}${where}`;
  throw new UpdateFailure(
    `The release description (latest.yml) cannot be used: ${detail}.`,
    errorText('settings.errors.updates.badRelease', { detail }),
  );
}

/** The listed file a download was saved as: the feed's URL decoded, last segment, as the updater names it. */
export function releaseFileFor(info: ReleaseInfo, downloadedName: string): ReleaseFile | null {
  return info.files.find((file) => lastSegment(file.url) === downloadedName) ?? null;
}

function lastSegment(url: string): string {
  let path = url;
  try {
    path = decodeURIComponent(new URL(url, 'https://release.invalid/').pathname);
  } catch {
    // Not a URL after all: its own last segment.
  }
  return path.slice(path.lastIndexOf('/') + 1);
}
