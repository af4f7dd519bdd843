import { parse } from 'semver';

/**
 * Whether the feed's version is offered to this app: only a newer one, never the same or an
 * older one (no downgrades). A prerelease is offered only to an app that runs a prerelease
 * itself, as electron-updater's own default: someone on a stable release stays on stable ones.
 */
export function isOffered(current: string, candidate: string): boolean {
  const latest = parse(candidate);
  if (latest === null)
    throw new Error(`The release feed’s version '${candidate}' is not a version number.`);
  const running = parse(current);
  // A development build's version (e.g. 'unknown') is never replaced by a release.
  if (running === null) return false;
  if (latest.prerelease.length > 0 && running.prerelease.length === 0) return false;
  return latest.compare(running) > 0;
}
