import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { UpdateStatus } from '../../shared/contract.ts';
import { readReleaseInfo, releaseFileFor, type ReleaseInfo } from '../updates/release-info.ts';
import { isOffered } from '../updates/update-decision.ts';
import type { UpdateEngine } from '../updates/update-engine.ts';
import { verifyDownload } from '../updates/verify-download.ts';
import { AppError } from './app-services-api.ts';
import { errorText, errorTextOf } from '../../shared/error-text.ts';
import { UpdateFailure } from '../updates/update-failure.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UpdateServiceOptions {
  /** Null where the app never updates itself; `unavailable` then says why. */
  engine: UpdateEngine | null;
  unavailable: 'headless' | 'not_packaged';
  currentVersion: string;
  /** The Settings switch, read at each scheduled check. */
  enabled: () => boolean;
  publish: (status: UpdateStatus) => void;
  log: (line: string) => void;
  now?: () => number;
  /** Runs `task` every `ms` until the returned stop is called. */
  every?: (ms: number, task: () => void) => () => void;
}

const everyInterval = (ms: number, task: () => void): (() => void) => {
  const timer = setInterval(task, ms);
  // A pending daily check never keeps a closing process alive.
  timer.unref();
  return () => clearInterval(timer);
};

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The app's own updates: a check on start and every 24 hours while the Settings switch is on; a
 * newer release is downloaded in the background, verified against the sha512 its `latest.yml`
 * published, and then waits for the user's "Restart to update". Nothing here restarts the app.
 * The engine (electron-updater) checks the checksum as it downloads too; the check here is the
 * app's own guarantee that what waits to be installed is what was published.
 */
export class UpdateService {
  private readonly options: UpdateServiceOptions;
  private readonly now: () => number;
  private current: UpdateStatus;
  private running: Promise<UpdateStatus> | null = null;
  /** Bumped when the switch goes off or the app closes: a check under way then is ignored. */
  private generation = 0;
  private stopSchedule: (() => void) | null = null;

  constructor(options: UpdateServiceOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.current = this.restingState();
  }

  status(): UpdateStatus {
    return this.current;
  }

  /** Checks now and every 24 hours from here, when updates are possible and switched on. */
  start(): void {
    if (!this.options.engine || this.stopSchedule) return;
    const every = this.options.every ?? everyInterval;
    this.stopSchedule = every(DAY_MS, () => void this.scheduledCheck());
    void this.scheduledCheck();
  }

  /** The Settings switch changed: on checks at once; off stops asking the feed. */
  setEnabled(on: boolean): void {
    if (!this.options.engine) return;
    if (on) {
      if (this.current.state === 'disabled')
        this.set({ state: 'idle', checkedAt: null, latest: null });
      void this.scheduledCheck();
      return;
    }
    // A download already verified stays installable; anything else under way is dropped.
    if (this.current.state === 'ready') return;
    this.generation += 1;
    this.running = null;
    this.set({ state: 'disabled' });
  }

  /** "Check now" / "Try again". Where updates are unavailable or off, the status says so. */
  async check(): Promise<UpdateStatus> {
    const engine = this.options.engine;
    if (!engine || !this.options.enabled()) return this.current;
    // A verified download waits for the restart; checking again would only download it again.
    if (this.current.state === 'ready') return this.current;
    this.running ??= this.run(engine, this.generation);
    return this.running;
  }

  /** "Restart to update": only once a verified download waits. */
  install(): void {
    if (!this.options.engine || this.current.state !== 'ready')
      throw new AppError('not_ready', 'There is no downloaded update to install yet.', {
        i18n: errorText('settings.errors.updates.notReady'),
      });
    this.options.log(`restarting to install version ${this.current.version}`);
    this.options.engine.install();
  }

  close(): void {
    this.generation += 1;
    this.stopSchedule?.();
    this.stopSchedule = null;
  }

  private async scheduledCheck(): Promise<void> {
    await this.check();
  }

  private async run(engine: UpdateEngine, generation: number): Promise<UpdateStatus> {
    const live = () => generation === this.generation;
    const update = (status: UpdateStatus) => {
      if (live()) this.set(status);
    };
    try {
      update({ state: 'checking' });
      const raw = await engine.check().catch((error: unknown) => {
        const detail = reason(error);
        throw new UpdateFailure(
          `Could not check for updates: ${detail}`,
          errorText('settings.errors.updates.checkFailed', { detail }),
        );
      });
      if (!live()) return this.current;
      if (raw === null || raw === undefined) {
        update({ state: 'idle', checkedAt: this.now(), latest: null });
        return this.current;
      }
      const info = readReleaseInfo(raw);
      if (!isOffered(this.options.currentVersion, info.version)) {
        update({ state: 'idle', checkedAt: this.now(), latest: info.version });
        return this.current;
      }
      update({ state: 'downloading', version: info.version, percent: 0 });
      const files = await engine
        .download((percent) =>
          update({ state: 'downloading', version: info.version, percent: Math.floor(percent) }),
        )
        .catch((error: unknown) => {
          const detail = reason(error);
          throw new UpdateFailure(
            `The download of version ${info.version} failed: ${detail}`,
            errorText('settings.errors.updates.downloadFailed', { version: info.version, detail }),
          );
        });
      if (!live()) return this.current;
      await this.verify(info, files);
      update({ state: 'ready', version: info.version });
      if (live()) this.options.log(`version ${info.version} downloaded and verified`);
    } catch (error) {
      const message = reason(error);
      if (live()) this.options.log(`update: ${message}`);
      const words = errorTextOf(error);
      update(words ? { state: 'error', message, i18n: words } : { state: 'error', message });
    } finally {
      if (live()) this.running = null;
    }
    return this.current;
  }

  /** Every downloaded file must be one the release lists, with the digest it lists. */
  private async verify(info: ReleaseInfo, files: string[]): Promise<void> {
    if (files.length === 0)
      throw new UpdateFailure(
        `The download of version ${info.version} is missing.`,
        errorText('settings.errors.updates.downloadMissing', { version: info.version }),
      );
    for (const path of files) {
      const listed = releaseFileFor(info, basename(path));
      // verifyDownload deletes a file that does not match; one the release does not list goes too.
      const verified = listed !== null && (await verifyDownload(path, listed.sha512));
      if (!verified) {
        await rm(path, { force: true });
        throw new UpdateFailure(
          `The download of version ${info.version} did not match the checksum its release published, and was deleted.`,
          errorText('settings.errors.updates.checksumMismatch', { version: info.version }),
        );
      }
    }
  }

  private restingState(): UpdateStatus {
    if (!this.options.engine) return { state: 'unavailable', reason: this.options.unavailable };
    return this.options.enabled()
      ? { state: 'idle', checkedAt: null, latest: null }
      : { state: 'disabled' };
  }

  private set(status: UpdateStatus): void {
    this.current = status;
    this.options.publish(status);
  }
}
