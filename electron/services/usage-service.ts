import type {
  UsageByParams,
  UsageGroup,
  UsagePoint,
  UsageRange,
  UsageSeriesParams,
  UsageTotals,
} from '../../shared/contract.ts';
import type { Store } from '../store/index.ts';

/**
 * The Usage page: aggregates the store computes in SQL, on the store reader's thread. Costs are
 * estimates. Each read flushes the log writer first, so the rows it queued are counted.
 */
export class UsageService {
  private readonly store: Store;

  constructor(store: Store) {
    this.store = store;
  }

  totals(range: UsageRange): Promise<UsageTotals> {
    this.store.logWriter.flush();
    return this.store.reader.read('usageTotals', range);
  }

  series(query: UsageSeriesParams): Promise<UsagePoint[]> {
    this.store.logWriter.flush();
    return this.store.reader.read('usageSeries', query);
  }

  by(query: UsageByParams): Promise<UsageGroup[]> {
    this.store.logWriter.flush();
    return this.store.reader.read('usageBy', query);
  }
}
