import { describe, expect, it } from 'vitest';
import { keychainError, KeychainUnavailableError } from './keychain-error.ts';

// The library's errors as it really throws them (messages copied from runs against D-Bus and
// gnome-keyring); the real-keychain tests in keychain.test.ts cover the same paths end to end.
function libraryError(message: string, inner: string): Error {
  return Object.assign(new Error(message, { cause: new Error(inner) }), { code: 'GenericFailure' });
}
const NO_BUS = libraryError(
  'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead',
  'DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead',
);
const LOCKED = libraryError(
  "Couldn't access platform storage: Secret Service: unlock prompt was dismissed",
  'Secret Service: unlock prompt was dismissed',
);
const NO_COLLECTION = libraryError(
  "Couldn't access platform storage: Secret Service: no result found",
  'Secret Service: no result found',
);

describe('keychainError', () => {
  it('turns a missing session bus into the Linux install-or-headless advice', () => {
    const error = keychainError(NO_BUS, 'linux');
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect(error.problem).toBe('no-service');
    expect(error.code).toBe('keychain_unavailable');
    expect(error.message).toBe(
      'No Secret Service is running (GNOME Keyring or KWallet). Install and unlock one, or run headless with MODEL_GATEWAY_UPSTREAM_KEY set.',
    );
    expect(error.cause).toBe(NO_BUS);
  });

  it('tells a locked keyring, or one without a default collection, from a missing one', () => {
    for (const cause of [LOCKED, NO_COLLECTION]) {
      const error = keychainError(cause, 'linux');
      expect(error.problem).toBe('locked');
      expect(error.message).toMatch(/^The Secret Service keyring is locked/);
      expect(error.message).toContain('MODEL_GATEWAY_UPSTREAM_KEY');
    }
  });

  it('speaks of the platform the app runs on', () => {
    expect(keychainError(new Error('User interaction is not allowed.'), 'darwin').problem).toBe(
      'locked',
    );
    expect(keychainError(new Error('x'), 'darwin').message).toMatch(/macOS Keychain/);
    expect(keychainError(new Error('x'), 'win32').message).toMatch(/Credential Manager/);
  });

  it('leaves an already translated error alone', () => {
    const error = keychainError(NO_BUS, 'linux');
    expect(keychainError(error, 'linux')).toBe(error);
  });
});
