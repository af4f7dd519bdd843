import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppEvents, EventName, MethodName, Params, Result } from '../../../shared/contract.ts';
import type {
  AppServices,
  AppServicesOptions,
} from '../../../electron/services/app-services-api.ts';
import { createAppServices } from '../../../electron/services/app-services.ts';
import { memorySecretStore } from '../../../electron/services/memory-secret-store.ts';
import {
  SIM_KEYS,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../upstream-sim/index.ts';

export interface ServicesFixture {
  services: AppServices;
  sim: RunningSimulator;
  dataDir: string;
  /** Every line the app logged. */
  logLines: string[];
  /** Every event the app emitted, oldest first. */
  events: { event: EventName; payload: unknown }[];
  call<M extends MethodName>(
    method: M,
    ...params: Params<M> extends void ? [] : [Params<M>]
  ): Promise<Result<M>>;
  /** The first event (already emitted or still to come) that matches. */
  waitForEvent<E extends EventName>(
    event: E,
    match?: (payload: AppEvents[E]) => boolean,
    timeoutMs?: number,
  ): Promise<AppEvents[E]>;
  close(): Promise<void>;
}

export interface FixtureOptions extends Partial<Omit<AppServicesOptions, 'log'>> {
  simulator?: SimulatorOptions;
  /** Save (and so activate) a profile for the simulator. Default true. */
  withProfile?: boolean;
}

/**
 * The real app services on a fresh data dir in a temp folder, with the real simulator as the
 * upstream. The key comes from the environment path (the keychain is not the point here) and
 * the keychain is process memory, so no test writes into a real keyring by accident.
 */
export async function startServices(options: FixtureOptions = {}): Promise<ServicesFixture> {
  const { simulator, withProfile = true, ...overrides } = options;
  const sim = await startSimulator(simulator);
  const dataDir = mkdtempSync(join(tmpdir(), 'mg-services-'));
  const logLines: string[] = [];
  let services: AppServices;
  try {
    services = await createAppServices({
      dataDir,
      shell: 'desktop',
      port: 0,
      env: { MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full },
      keychain: memorySecretStore(),
      version: 'test',
      ...overrides,
      log: (line) => logLines.push(line),
    });
  } catch (error) {
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const events: ServicesFixture['events'] = [];
  const waiters = new Set<() => void>();
  services.subscribe((event, payload) => {
    events.push({ event, payload });
    for (const wake of waiters) wake();
  });
  const call = ((method: MethodName, params?: unknown) =>
    services.handle(method, params)) as ServicesFixture['call'];
  const fixture: ServicesFixture = {
    services,
    sim,
    dataDir,
    logLines,
    events,
    call,
    waitForEvent(event, match = () => true, timeoutMs = 5000) {
      type Payload = AppEvents[typeof event];
      const find = (): Payload | undefined =>
        events.find((e) => e.event === event && match(e.payload as Payload))?.payload as
          Payload | undefined;
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = find();
          if (found === undefined) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no '${event}' event matched within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    async close() {
      await services.close(500);
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (withProfile)
    await call('profiles.save', { name: 'Simulator', baseUrl: sim.url, pricingUrl: null });
  return fixture;
}

/** A request to the app's gateway with a fresh local token, as a tool would make it. */
export async function toolToken(fixture: ServicesFixture, name: string): Promise<string> {
  return (await fixture.call('tokens.create', { name })).token;
}
