import { errorText, TextedError, type ErrorText } from '../../shared/error-text.ts';

/**
 * What went wrong with the OS keychain, in words a user can act on. The library's own errors
 * ("Platform failure: DBus error: ...") say what broke, not what to do, so they travel as `cause`.
 */
export type KeychainProblem = 'no-service' | 'locked' | 'failed';

const HEADLESS_HINT = 'or run headless with MODEL_GATEWAY_UPSTREAM_KEY set.';

export class KeychainUnavailableError extends TextedError {
  readonly code = 'keychain_unavailable';
  readonly problem: KeychainProblem;

  constructor(
    problem: KeychainProblem,
    message: string,
    options: { cause?: unknown; i18n?: ErrorText } = {},
  ) {
    super(message, options.i18n, { cause: options.cause });
    this.name = 'KeychainUnavailableError';
    this.problem = problem;
  }
}

// Secret Service answers for a locked collection, or for a keyring with no default collection
// (creating one needs a prompt, which a headless session cannot show).
const LOCKED_LINUX = /\block|unlock|prompt was dismissed|no result found/i;
// macOS: errSecInteractionNotAllowed / errSecAuthFailed while the login keychain is locked.
const LOCKED_MAC = /interaction is not allowed|not allowed|locked|-25308|-25293/i;

function problemOf(detail: string, platform: NodeJS.Platform): KeychainProblem {
  if (platform === 'linux') return LOCKED_LINUX.test(detail) ? 'locked' : 'no-service';
  if (platform === 'darwin') return LOCKED_MAC.test(detail) ? 'locked' : 'failed';
  return 'failed';
}

function messageFor(problem: KeychainProblem, platform: NodeJS.Platform): string {
  if (platform === 'linux') {
    return problem === 'locked'
      ? `The Secret Service keyring is locked or has no default collection. Unlock it (log in to the desktop, or run gnome-keyring-daemon --unlock), ${HEADLESS_HINT}`
      : `No Secret Service is running (GNOME Keyring or KWallet). Install and unlock one, ${HEADLESS_HINT}`;
  }
  if (platform === 'darwin') {
    return problem === 'locked'
      ? `The macOS login keychain is locked. Unlock it in Keychain Access, ${HEADLESS_HINT}`
      : `The macOS Keychain refused the request. Check Keychain Access, ${HEADLESS_HINT}`;
  }
  if (platform === 'win32') {
    return `Windows Credential Manager refused the request. Check that it is running, ${HEADLESS_HINT}`;
  }
  return `No supported keychain on this platform (${platform}). Run headless with MODEL_GATEWAY_UPSTREAM_KEY set.`;
}

function textFor(problem: KeychainProblem, platform: NodeJS.Platform): ErrorText {
  if (platform === 'linux')
    return problem === 'locked'
      ? errorText('settings.errors.keychain.linuxLocked')
      : errorText('settings.errors.keychain.linuxNoService');
  if (platform === 'darwin')
    return problem === 'locked'
      ? errorText('settings.errors.keychain.macLocked')
      : errorText('settings.errors.keychain.macRefused');
  if (platform === 'win32') return errorText('settings.errors.keychain.windowsRefused');
  return errorText('settings.errors.keychain.unsupported', { platform });
}

function detailOf(cause: unknown): string {
  // The library nests the same failure in `cause` chains; the innermost message is the precise one.
  const parts: string[] = [];
  let current: unknown = cause;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(' / ');
}

/** Wraps any failure of the keychain library in a KeychainUnavailableError, keeping it as `cause`. */
export function keychainError(
  cause: unknown,
  platform: NodeJS.Platform = process.platform,
): KeychainUnavailableError {
  if (cause instanceof KeychainUnavailableError) return cause;
  const problem = problemOf(detailOf(cause), platform);
  return new KeychainUnavailableError(problem, messageFor(problem, platform), {
    cause,
    i18n: textFor(problem, platform),
  });
}
