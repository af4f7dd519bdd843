/**
 * What the update service needs of an updater: electron-updater in the packaged app
 * (electron/main/electron-update-engine.ts), a plain HTTP client of a local feed in the tests.
 */
export interface UpdateEngine {
  /**
   * Reads the release feed. The release's description (`latest*.yml`, parsed) when the engine
   * has one this system can install; null when it offers nothing (its own platform rules).
   */
  check(): Promise<unknown>;
  /** Downloads the release the last check found; resolves to the downloaded files' paths. */
  download(onProgress: (percent: number) => void): Promise<string[]>;
  /** Quits the app and installs the downloaded release, then starts the new version. */
  install(): void;
}
