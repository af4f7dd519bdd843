import type { AppEvents, Result, UpstreamHealth } from '../../shared/contract.ts';
import type { AppServices } from '../services/app-services-api.ts';
import { failedUpstream } from '../services/upstream-health-triggers.ts';
import type { AppTray } from './app-tray.ts';

const startOfDay = (now: number): number => {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
};

const nextMidnight = (now: number): number => {
  const day = new Date(startOfDay(now));
  day.setDate(day.getDate() + 1);
  return day.getTime();
};

const isProblem = (health: UpstreamHealth | null): boolean =>
  health !== null && health.state !== 'ok' && health.state !== 'checking';

export interface TrayFeed {
  /** "Retry now" from the tray: checks the upstream at once. */
  recheck(): void;
  stop(): void;
}

/**
 * Keeps the tray told, by events rather than polling: the gateway's status and the upstream's
 * health as the services announce them, today's spend read again when a batch of log rows is
 * written (and at midnight, when the day's spend starts over). The background check runs only
 * while someone watches (upstream-health.ts); a window that is open watches, and with it closed
 * the tray asks for a check when a request tells something new: one failed upstream, or one
 * succeeded while the last check found a problem.
 */
export function feedTray(
  services: Pick<AppServices, 'handle' | 'subscribe'>,
  tray: AppTray,
  options: { log: (line: string) => void; now?: () => number },
): TrayFeed {
  const now = options.now ?? Date.now;
  let upstream: UpstreamHealth | null = null;
  let stopped = false;
  const setUpstream = (health: UpstreamHealth): void => {
    upstream = health;
    tray.update({ upstream: health });
  };
  const fail = (what: string) => (error: unknown) =>
    options.log(`tray: could not read ${what}: ${String(error)}`);

  const askHealth = (): void => {
    services
      .handle('upstream.health', undefined)
      .then((health) => {
        if (!stopped) setUpstream(health as Result<'upstream.health'>);
      })
      .catch(fail('the upstream health'));
  };

  // One read at a time; a batch written meanwhile asks for one more after it.
  let reading = false;
  let again = false;
  const readSpend = (): void => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    services
      .handle('usage.totals', { from: startOfDay(now()) })
      .then((totals) => {
        if (!stopped) tray.update({ todayCostUsd: (totals as Result<'usage.totals'>).costUsd });
      })
      .catch(fail("today's spend"))
      .finally(() => {
        reading = false;
        if (again && !stopped) {
          again = false;
          readSpend();
        }
      });
  };

  let midnight: NodeJS.Timeout | null = null;
  const atMidnight = (): void => {
    midnight = setTimeout(
      () => {
        readSpend();
        atMidnight();
      },
      nextMidnight(now()) - now(),
    );
    // The tray must not keep a quitting app alive.
    midnight.unref();
  };

  const unsubscribe = services.subscribe((name, payload) => {
    // The services send each event's payload as AppEvents types it.
    if (name === 'gateway.status') tray.update({ gateway: payload as AppEvents['gateway.status'] });
    else if (name === 'upstream.health') setUpstream(payload as AppEvents['upstream.health']);
    else if (name === 'logs.appended') {
      const rows = payload as AppEvents['logs.appended'];
      readSpend();
      const failed = rows.some(failedUpstream);
      if (failed || (isProblem(upstream) && rows.some((row) => !failedUpstream(row)))) askHealth();
    }
  });

  askHealth();
  readSpend();
  atMidnight();

  return {
    recheck: () => {
      if (tray.state().rechecking) return;
      tray.update({ rechecking: true });
      services
        .handle('upstream.recheck', undefined)
        .then((health) => {
          if (!stopped) setUpstream(health as Result<'upstream.recheck'>);
        })
        .catch(fail('the upstream health'))
        .finally(() => tray.update({ rechecking: false }));
    },
    stop: () => {
      stopped = true;
      unsubscribe();
      if (midnight) clearTimeout(midnight);
    },
  };
}
