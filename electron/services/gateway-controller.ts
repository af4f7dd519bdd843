import type { GatewayStatus, UpstreamProfile, KeySource } from '../../shared/contract.ts';
import { CatalogCache } from '../gateway/catalog/catalog-cache.ts';
import type { GatewayOptions, RunningGateway } from '../gateway/server/gateway-server.ts';
import { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import { upstreamTimeoutsFromEnv } from '../gateway/upstream/upstream-timeouts.ts';
import type { UpstreamKeyStore } from '../secrets/upstream-key.ts';
import type { Store } from '../store/index.ts';
import { describeListenError, type ListenProblem } from './listen-error.ts';
import { allowedHostsFromEnv } from '../gateway/server/gateway-server.ts';
import { startAppListener } from './start-app-gateway.ts';
import {
  resolveUpstreamSource,
  type UpstreamConfig,
  type UpstreamSource,
} from './upstream-source.ts';
import { errorText, type ErrorText } from '../../shared/error-text.ts';

/** A listener replaced by a port change gets this long for the requests still on it. */
const RETIRE_GRACE_MS = 10_000;

export interface GatewayControllerOptions {
  store: Store;
  host: string;
  env: NodeJS.ProcessEnv;
  keys: UpstreamKeyStore;
  /** The app's own token (Chat), logged under its name. */
  internalToken: { token: string; name: string };
  envToken?: string;
  appHandler?: GatewayOptions['appHandler'];
  corsOrigins: () => readonly string[];
  log: (line: string) => void;
  /** Called with the new status whenever it changes. */
  onStatus: (status: GatewayStatus) => void;
}

const newClient = (config: UpstreamConfig, env: NodeJS.ProcessEnv): UpstreamClient =>
  new UpstreamClient({
    baseUrl: config.baseUrl,
    apiKey: config.key,
    pricingUrl: config.pricingUrl,
    ...upstreamTimeoutsFromEnv(env),
  });

const PROFILE_WATCH_MS = 1000;

/** What of the active profile decides the upstream, as one comparable string. */
const activeProfileOf = (store: Store): string => JSON.stringify(store.profiles.getActive());

/**
 * Owns the embedded gateway's listener and its upstream. The listener runs whether or not an
 * upstream is configured (the UI and first-run flow need it); profile and key changes swap the
 * upstream client in place; a port change starts a listener on the new port before retiring the
 * old one, so a taken port leaves the gateway serving where it was.
 */
export class GatewayController {
  private readonly options: GatewayControllerOptions;
  private listener: RunningGateway | null = null;
  /** The upstream client the listener uses now (or would, while there is no listener). */
  private client: UpstreamClient | null = null;
  private source: UpstreamSource = {
    kind: 'problem',
    profile: null,
    keySource: 'none',
    code: 'no_upstream',
    message: 'No upstream is set up yet.',
    keychainProblem: null,
  };
  private listenProblem: ListenProblem | null = null;
  private port: number;
  /** Used for the model list while no listener (hence no gateway catalog) exists. */
  private readonly spareCatalog = new CatalogCache({
    ttlMs: 5 * 60_000,
    minRefreshIntervalMs: 10_000,
  });
  private readonly retiring = new Set<Promise<void>>();
  private queue: Promise<unknown> = Promise.resolve();
  private lastStatus = '';
  /** The active profile as last resolved, to notice a change made by another process. */
  private profileSeen = '';
  private profileWatch: NodeJS.Timeout | null = null;

  constructor(options: GatewayControllerOptions, port: number) {
    this.options = options;
    this.port = port;
  }

  /** Resolves the upstream, then listens; a listen failure is reported in the status, not thrown. */
  start(): Promise<void> {
    this.watchProfile();
    return this.serial(async () => {
      this.source = await this.resolve();
      this.client =
        this.source.kind === 'ready' ? newClient(this.source.config, this.options.env) : null;
      try {
        this.listener = await this.startListener(this.port, this.client);
      } catch (error) {
        this.listenProblem = describeListenError(error, this.options.host, this.port);
      }
      this.emit();
    });
  }

  /**
   * Moves the gateway to `port`. The new listener starts first; only when it is up does the old
   * one close (letting its requests finish). False when the port could not be taken.
   */
  listenOn(port: number): Promise<boolean> {
    return this.serial(async () => {
      if (this.listener?.port === port) {
        this.listenProblem = null;
        this.emit();
        return true;
      }
      const client =
        this.source.kind === 'ready' ? newClient(this.source.config, this.options.env) : null;
      let next: RunningGateway;
      try {
        next = await this.startListener(port, client);
      } catch (error) {
        void client?.close();
        this.listenProblem = describeListenError(error, this.options.host, port);
        this.emit();
        return false;
      }
      const previous = this.listener;
      // Without a listener the client was ours to close; a listener closes its own.
      if (!previous) void this.client?.close();
      this.listener = next;
      this.client = client;
      this.port = next.port;
      this.listenProblem = null;
      this.emit();
      if (previous) this.retire(previous);
      return true;
    });
  }

  /**
   * The CLI (`model-gateway key set --upstream …`) or a second app may change the active profile
   * under this one: looked at every second (a read of one row), and the upstream swapped when it
   * changed, as the app's own Settings would.
   */
  private watchProfile(): void {
    this.profileSeen = activeProfileOf(this.options.store);
    this.profileWatch = setInterval(() => {
      const now = activeProfileOf(this.options.store);
      if (now === this.profileSeen) return;
      this.profileSeen = now;
      void this.reconfigure().catch((error: unknown) =>
        this.options.log(`reloading the changed profile failed: ${String(error)}`),
      );
    }, PROFILE_WATCH_MS);
    this.profileWatch.unref();
  }

  /** Reads the active profile and key again and swaps the upstream without restarting. */
  reconfigure(): Promise<void> {
    return this.serial(async () => {
      this.profileSeen = activeProfileOf(this.options.store);
      this.source = await this.resolve();
      const client =
        this.source.kind === 'ready' ? newClient(this.source.config, this.options.env) : null;
      if (this.listener) this.listener.setUpstream(client);
      else void this.client?.close();
      this.client = client;
      this.spareCatalog.invalidate();
      this.emit();
    });
  }

  /** A missing key or a locked keychain may have been fixed outside the app: look again. */
  async refreshIfBlocked(): Promise<void> {
    if (this.source.kind === 'problem' && this.source.code !== 'no_upstream')
      await this.reconfigure();
  }

  status(): GatewayStatus {
    const upstreamProblem =
      this.source.kind === 'problem'
        ? { code: this.source.code, message: this.source.message }
        : null;
    const problem = this.listenProblem ?? upstreamProblem;
    return {
      running: this.listener !== null,
      url: this.listener?.url ?? null,
      port: this.listener?.port ?? this.port,
      error: problem?.message ?? null,
      errorCode: problem?.code ?? null,
    };
  }

  /** The active profile and where its key comes from; never the key. */
  upstreamView(): {
    profile: UpstreamProfile | null;
    keySource: KeySource;
    keychainProblem: string | null;
    keychainProblemText?: ErrorText;
  } {
    const source = this.source;
    const keychain = source.kind === 'problem' && source.code === 'keychain_unavailable';
    return {
      profile: source.profile,
      keySource: source.keySource,
      keychainProblem: source.kind === 'problem' ? source.keychainProblem : null,
      ...(keychain && source.i18n ? { keychainProblemText: source.i18n } : {}),
    };
  }

  /** The upstream in use, or why there is none (for the model list). */
  upstream(): { client: UpstreamClient } | { code: string; message: string; i18n?: ErrorText } {
    if (this.client) return { client: this.client };
    const source = this.source;
    return source.kind === 'problem'
      ? {
          code: source.code,
          message: source.message,
          ...(source.i18n ? { i18n: source.i18n } : {}),
        }
      : {
          code: 'no_upstream',
          message: 'No upstream is configured.',
          i18n: errorText('errors.upstream.notSetUp'),
        };
  }

  /** The catalog cache the gateway serves requests from (so overrides show in both). */
  catalog(): CatalogCache {
    return this.listener?.catalog ?? this.spareCatalog;
  }

  invalidateCatalog(): void {
    this.listener?.catalog.invalidate();
    this.spareCatalog.invalidate();
  }

  /** The gateway's base URL while it listens. */
  url(): string | null {
    return this.listener?.url ?? null;
  }

  listening(): boolean {
    return this.listener !== null;
  }

  /** Stops the listener, letting requests finish within `graceMs`. */
  close(graceMs: number): Promise<void> {
    if (this.profileWatch) clearInterval(this.profileWatch);
    this.profileWatch = null;
    return this.serial(async () => {
      const listener = this.listener;
      this.listener = null;
      if (listener) await listener.close(graceMs);
      else await this.client?.close();
      this.client = null;
      await Promise.all(this.retiring);
    });
  }

  private resolve(): Promise<UpstreamSource> {
    return resolveUpstreamSource(this.options.store, this.options.env, this.options.keys);
  }

  private startListener(port: number, upstream: UpstreamClient | null): Promise<RunningGateway> {
    const o = this.options;
    return startAppListener({
      store: o.store,
      host: o.host,
      port,
      upstream,
      internalToken: o.internalToken,
      ...(o.envToken ? { envToken: o.envToken } : {}),
      ...(o.appHandler ? { appHandler: o.appHandler } : {}),
      corsOrigins: o.corsOrigins,
      // The app's environment, which `--allowed-host` adds to, not the process's.
      allowedHosts: allowedHostsFromEnv(o.env),
      log: o.log,
    });
  }

  private retire(listener: RunningGateway): void {
    const closing = listener
      .close(RETIRE_GRACE_MS)
      .catch((error: unknown) =>
        this.options.log(`closing the old listener failed: ${String(error)}`),
      )
      .finally(() => this.retiring.delete(closing));
    this.retiring.add(closing);
  }

  private emit(): void {
    const status = this.status();
    const text = JSON.stringify(status);
    if (text === this.lastStatus) return;
    this.lastStatus = text;
    this.options.onStatus(status);
  }

  /** State changes run one at a time: a key change must not interleave with a port change. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }
}
