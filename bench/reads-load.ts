/** The reads bench/reads-off-loop.ts runs beside the gateway's requests, and its IPC messages. */
import type { Params } from '../shared/contract.ts';

const DAY = 86_400_000;

type Call<M extends 'usage.totals' | 'usage.series' | 'usage.by' | 'logs.search'> = {
  method: M;
  params: Params<M>;
};

export type ReadCall =
  Call<'usage.totals'> | Call<'usage.series'> | Call<'usage.by'> | Call<'logs.search'>;

/**
 * One round: the five queries the Usage page makes when it opens (renderer/src/stores/
 * usage-store.ts), over 30 and over 90 days, and three Logs page searches (the first page,
 * the errors, a text search, which reads every row), each counting its matches.
 */
export function readLoad(now: number): ReadCall[] {
  const usagePage = (days: number): ReadCall[] => {
    const range = { from: now - days * DAY, to: now };
    return [
      { method: 'usage.totals', params: range },
      { method: 'usage.series', params: { ...range, bucket: 'day' } },
      { method: 'usage.by', params: { ...range, by: 'model' } },
      { method: 'usage.by', params: { ...range, by: 'token' } },
      { method: 'usage.by', params: { ...range, by: 'route' } },
    ];
  };
  const search = (filter: Params<'logs.search'>['filter']): ReadCall => ({
    method: 'logs.search',
    params: { filter, limit: 100 },
  });
  return [
    ...usagePage(30),
    ...usagePage(90),
    search({}),
    search({ status: 'error' }),
    search({ text: 'claude' }),
  ];
}

export interface ReadsCommand {
  /**
   * `none`: no reads (the requests alone); `inline`: the query classes on the app's thread (the
   * app before the store reader); `worker`: through the services, in the store reader's worker;
   * `worker-at-nice`: the same with the worker's thread at `nice` instead of the lowest priority.
   */
  mode: 'none' | 'inline' | 'worker' | 'worker-at-nice';
  nice?: number;
}

export interface ReadsDone {
  reads: number;
  /** The longest one read took, as its caller waited for it. */
  longestMs: number;
  /** The app's event loop delay over the phase (perf_hooks, 1 ms resolution), ms. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** CPU time of the app's main thread over the phase, as a share of the phase's wall time. */
  mainThreadCpu: number;
}
