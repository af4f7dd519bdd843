import { create } from 'zustand';
import type { UsageGroup, UsagePoint, UsageTotals } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';
import {
  fillSeries,
  resolveRange,
  toDateInput,
  type CustomRange,
  type RangePreset,
  type ResolvedRange,
} from './usage-range.ts';
import { i18n } from '../i18n/i18n.ts';

interface UsageData {
  range: ResolvedRange;
  totals: UsageTotals;
  series: UsagePoint[];
  byModel: UsageGroup[];
  byToken: UsageGroup[];
  /** By model route (`coding`); null when the app could not say (see `byModelRouteError`). */
  byModelRoute: UsageGroup[] | null;
  byModelRouteError: string | null;
  /** By format path (`chat→gemini (translated)`). */
  byPath: UsageGroup[];
}

interface UsageState {
  preset: RangePreset;
  custom: CustomRange;
  data: UsageData | null;
  status: LoadStatus;
  error: string | null;
  setPreset(preset: RangePreset): void;
  setCustom(custom: CustomRange): void;
  load(): Promise<void>;
}

let requestSeq = 0;

export const useUsageStore = create<UsageState>()((set, get) => ({
  preset: '7d',
  custom: {
    from: toDateInput(Date.now() - 6 * 86_400_000),
    to: toDateInput(Date.now()),
  },
  data: null,
  status: 'idle',
  error: null,

  setPreset(preset) {
    set({ preset });
    void get().load();
  },

  setCustom(custom) {
    set({ custom, preset: 'custom' });
    void get().load();
  },

  async load() {
    const range = resolveRange(get().preset, get().custom, Date.now());
    if (!range) {
      set({ status: 'error', error: i18n.t('usage.range.startAfterEnd') });

      return;
    }
    const seq = ++requestSeq;
    set({ status: 'loading', error: null });
    const window = { from: range.from, to: range.to };
    try {
      const api = getApi();
      // By route on its own: the rest of the page stands even when that part fails.
      const byModelRoute = api.call('usage.by', { ...window, by: 'modelRoute' }).then(
        (groups) => ({ groups: withNoneUnnamed(groups), error: null }),
        (error: unknown) => ({ groups: null, error: errorMessage(error) }),
      );
      const [totals, series, byModel, byToken, byPath, routes] = await Promise.all([
        api.call('usage.totals', window),
        api.call('usage.series', { ...window, bucket: range.bucket }),
        api.call('usage.by', { ...window, by: 'model' }),
        api.call('usage.by', { ...window, by: 'token' }),
        api.call('usage.by', { ...window, by: 'route' }),
        byModelRoute,
      ]);
      if (seq !== requestSeq) return; // a newer range was picked meanwhile
      set({
        data: {
          range,
          totals,
          series: fillSeries(series, window, range.bucket),
          byModel: withNoneUnnamed(byModel),
          byToken: withNoneUnnamed(byToken),
          byModelRoute: routes.groups,
          byModelRouteError: routes.error,
          byPath: withNoneUnnamed(byPath),
        },
        status: 'ready',
      });
    } catch (error) {
      if (seq === requestSeq) set({ status: 'error', error: errorMessage(error) });
    }
  },
}));

/** The app names the group of requests without a model or token '(none)', in English: the page words it. */
const NONE_FROM_APP = '(none)';
function withNoneUnnamed(groups: UsageGroup[]): UsageGroup[] {
  return groups.map((g) => (g.key === NONE_FROM_APP ? { ...g, key: '' } : g));
}
