import type { UsageGroup, UsagePoint, UsageRange, UsageTotals } from '../../shared/contract.ts';
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

  series(query: UsageRange & { bucket: 'hour' | 'day' }): UsagePoint[] {
    this.store.logWriter.flush();
    return this.store.usage.usageSeries(query);
  }

  by(query: UsageRange & { by: 'model' | 'token' | 'route' | 'day' }): UsageGroup[] {
    this.store.logWriter.flush();
    return this.store.usage.usageBy(query);
  }
}
