import type {
  AppSettings,
  AppStatus,
  EventName,
  GatewayStatus,
  UpstreamHealth,
  UsageTotals,
} from '../../../shared/contract.ts';
import type { AppServices } from '../../../electron/services/app-services-api.ts';
import { defaultAppSettings } from '../settings/default-app-settings.ts';

/** AppServices for shell tests: scripted answers, events on demand, a recorded close. */
export class FakeAppServices implements AppServices {
  readonly calls: { method: string; params: unknown }[] = [];
  readonly closed: number[] = [];
  /** Set to make `close` wait until the test resolves it. */
  closeGate: Promise<void> | null = null;
  gateway: GatewayStatus = {
    running: true,
    url: 'http://127.0.0.1:8787',
    port: 8787,
    error: null,
    errorCode: null,
  };
  /** What `upstream.health` and `upstream.recheck` answer. */
  health: UpstreamHealth = {
    state: 'ok',
    detail: null,
    httpStatus: 200,
    retryAfterSeconds: null,
    baseUrl: 'http://127.0.0.1:9999/v1',
    checkedAt: 1_700_000_000_000,
  };
  /** What `settings.get` answers. */
  settings: AppSettings = defaultAppSettings();
  /** What `usage.totals` answers for its cost. */
  costUsd = 0;
  /** The health and the spend as scripted; `{ ok: method }` for any other method. */
  answer: (method: string, params: unknown) => Promise<unknown> = (method) => {
    if (method === 'upstream.health' || method === 'upstream.recheck')
      return Promise.resolve(this.health);
    if (method === 'usage.totals') return Promise.resolve(this.totals());
    if (method === 'settings.get') return Promise.resolve(this.settings);
    return Promise.resolve({ ok: method });
  };
  readonly #listeners = new Set<(event: EventName, payload: unknown) => void>();

  handle(method: string, params: unknown): Promise<unknown> {
    this.calls.push({ method, params });
    return this.answer(method, params);
  }
  subscribe(listener: (event: EventName, payload: unknown) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  status(): AppStatus {
    return {
      gateway: this.gateway,
      activeProfile: null,
      keySource: 'none',
      firstRun: true,
      keychainProblem: null,
      shell: 'desktop',
      version: '9.9.9',
    };
  }
  async close(graceMs?: number): Promise<void> {
    this.closed.push(graceMs ?? -1);
    await this.closeGate;
  }
  totals(): UsageTotals {
    return {
      requests: 0,
      errors: 0,
      inputTokens: 0,
      outputTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
      costUsd: this.costUsd,
      estimatedRequests: 0,
    };
  }
  emit(event: EventName, payload: unknown): void {
    for (const listener of this.#listeners) listener(event, payload);
  }
  /** Plays a change saved in Settings, as the services announce it. */
  saveSettings(patch: Partial<AppSettings>): void {
    this.settings = { ...this.settings, ...patch };
    this.emit('settings.changed', this.settings);
  }
  /** Plays the gateway changing state, as the services announce it. */
  setGateway(gateway: GatewayStatus): void {
    this.gateway = gateway;
    this.emit('gateway.status', gateway);
  }
}
