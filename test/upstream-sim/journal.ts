export interface JournalEntry {
  id: number;
  time: number;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-cased names. */
  headers: Record<string, string>;
  rawBody: string;
  /** The body parsed as JSON when possible, else undefined. */
  body: unknown;
  /** The key the request carried: Bearer, or `x-api-key` on the Messages paths. */
  key: string | null;
  /** Status the simulator answered with. */
  status?: number;
  /** The connection closed before the response finished (not counting `cut-after`). */
  clientClosedEarly: boolean;
  /** Response fully written. */
  finished: boolean;
}

type NewEntry = Omit<JournalEntry, 'id' | 'clientClosedEarly' | 'finished'>;

interface Waiter {
  pred: (e: JournalEntry) => boolean;
  resolve: (e: JournalEntry) => void;
}

/** A ring of the latest requests; tests wait on it to see what reached the upstream. */
export class Journal {
  readonly entries: JournalEntry[] = [];
  readonly #limit: number;
  readonly #waiters = new Set<Waiter>();
  #nextId = 1;

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  add(init: NewEntry): JournalEntry {
    const entry: JournalEntry = {
      id: this.#nextId++,
      ...init,
      clientClosedEarly: false,
      finished: false,
    };
    this.entries.push(entry);
    if (this.entries.length > this.#limit)
      this.entries.splice(0, this.entries.length - this.#limit);
    this.changed(entry);
    return entry;
  }

  /** Call after mutating an entry so waiters see it. */
  changed(entry: JournalEntry): void {
    if (this.#waiters.size === 0) return;
    for (const waiter of this.#waiters) {
      if (waiter.pred(entry)) {
        this.#waiters.delete(waiter);
        waiter.resolve(entry);
      }
    }
  }

  clear(): void {
    this.entries.length = 0;
  }

  waitFor(pred: (e: JournalEntry) => boolean, timeoutMs = 5000): Promise<JournalEntry> {
    const found = this.entries.find(pred);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(`journal.waitFor: no matching entry within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter: Waiter = {
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      };
      this.#waiters.add(waiter);
    });
  }
}
