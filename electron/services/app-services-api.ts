import type { AppStatus, EventName } from '../../shared/contract.ts';
import { errorTextOf, TextedError, type ErrorText } from '../../shared/error-text.ts';
import type { SecretStore } from '../secrets/keychain.ts';
import type { UpdateEngine } from '../updates/update-engine.ts';

/**
 * The app's use cases behind `shared/contract.ts`, for both transports: Electron IPC
 * (electron/main) and HTTP (headless mode). One instance per running app; it owns the store and
 * the embedded gateway's lifecycle.
 */
export interface AppServices {
  /**
   * Runs one contract method. An unknown method or invalid params reject with
   * `AppError('bad_request')`; other failures reject with an AppError whose message is for the
   * user (e.g. the keychain's, the upstream's).
   */
  handle(method: string, params: unknown): Promise<unknown>;
  /** Contract events (`shared/contract.ts` AppEvents) as they happen. */
  subscribe(listener: (event: EventName, payload: unknown) => void): () => void;
  status(): AppStatus;
  /** Stops the gateway (letting streams finish within `graceMs`), then closes the store. */
  close(graceMs?: number): Promise<void>;
}

export interface AppServicesOptions {
  /** The app's data folder (Electron's userData, or --data-dir). */
  dataDir: string;
  /** Whose tool config files the Tools page edits; default the user's home. */
  home?: string;
  shell: 'desktop' | 'headless';
  /** Default 127.0.0.1. */
  host?: string;
  /** Overrides the saved port setting (CLI --port). */
  port?: number;
  env?: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Default: the OS keychain. */
  keychain?: SecretStore;
  /** Headless: serve the built renderer from `dir`, and the RPC/events routes to holders of `token`. */
  ui?: { dir: string; token: string };
  version?: string;
  /**
   * The packaged desktop app's updater. Without it the app never updates itself: headless, or a
   * desktop app not installed from a release.
   */
  updates?: UpdateEngine;
}

/**
 * A failure to show the user, with a code the UI can branch on. `message` is English (logs, the
 * CLI); `i18n` names the catalog text the UI shows in its language, taken from the cause when the
 * lower layer (store, connector, keychain) worded its error so and none is given.
 */
export class AppError extends TextedError {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown; i18n?: ErrorText }) {
    super(
      message,
      options?.i18n ?? errorTextOf(options?.cause),
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'AppError';
    this.code = code;
  }
}
