import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new UI session token: 256 random bits, for the headless UI's URL. */
export const newUiToken = (): string => randomBytes(32).toString('base64url');

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Checks a presented UI token in constant time: digests are compared, so neither the content
 * nor the length of the expected token shows in the timing.
 */
export function uiTokenChecker(expected: string): (presented: string | undefined) => boolean {
  const want = digest(expected);
  return (presented) => presented !== undefined && timingSafeEqual(digest(presented), want);
}
