import type {
  UsageByParams,
  UsageGroup,
  UsagePoint,
  UsageRange,
  UsageSeriesParams,
  UsageTotals,
} from '../../shared/contract.ts';
import type { Store } from '../store/index.ts';

/** The Usage page: aggregates the store computes in SQL. Costs are estimates. */
export class UsageService {
  private readonly store: Store;

  constructor(store: Store) {
    this.store = store;
  }

  totals(range: UsageRange): UsageTotals {
    this.store.logWriter.flush();
    return this.store.usage.usageTotals(range);
  }

  series(query: UsageSeriesParams): UsagePoint[] {
    this.store.logWriter.flush();
    return this.store.usage.usageSeries(query);
  }

  by(query: UsageByParams): UsageGroup[] {
    this.store.logWriter.flush();
    return this.store.usage.usageBy(query);
  }
}
