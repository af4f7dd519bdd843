import { errorText, TextedError, type ErrorText } from '../../shared/error-text.ts';

/** What an upstream key and a profile id may look like, checked before anything is stored. */

export const MAX_KEY_LENGTH = 4096;
const MAX_PROFILE_ID_LENGTH = 200;

export class InvalidUpstreamKeyError extends TextedError {
  readonly code = 'invalid_upstream_key';

  constructor(message: string, i18n?: ErrorText) {
    super(message, i18n);
    this.name = 'InvalidUpstreamKeyError';
  }
}

// Whitespace and control characters: a key is sent as an HTTP header value, where a line break
// would be header injection, and a stray space or newline is almost always a paste accident.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\s\u0000-\u001f\u007f]/u;

/** Throws an InvalidUpstreamKeyError naming the problem. The message never contains the key. */
export function validateUpstreamKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0)
    throw new InvalidUpstreamKeyError(
      'The upstream key is empty.',
      errorText('settings.errors.key.empty'),
    );
  if (FORBIDDEN.test(key))
    throw new InvalidUpstreamKeyError(
      'The upstream key contains spaces, line breaks or control characters; paste the key alone.',
      errorText('settings.errors.key.forbiddenCharacters'),
    );
  if (key.length > MAX_KEY_LENGTH)
    throw new InvalidUpstreamKeyError(
      `The upstream key is ${key.length} characters long; at most ${MAX_KEY_LENGTH} are accepted.`,
      errorText('settings.errors.key.tooLong', { length: key.length, max: MAX_KEY_LENGTH }),
    );
}

/** Profile ids become keychain account names, visible in the OS keychain UI. */
export function validateProfileId(profileId: string): void {
  if (
    typeof profileId !== 'string' ||
    profileId.length === 0 ||
    profileId.length > MAX_PROFILE_ID_LENGTH ||
    FORBIDDEN.test(profileId)
  )
    throw new TypeError(
      `Invalid upstream profile id ${JSON.stringify(profileId)}: 1 to ${MAX_PROFILE_ID_LENGTH} characters, no whitespace.`,
    );
}
