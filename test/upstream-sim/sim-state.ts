import type { SimCatalog } from './catalog.ts';
import type { AttemptCounter } from './faults.ts';
import type { Journal } from './journal.ts';
import type { ResponseStore } from './response-store.ts';

/** What lives for the whole simulator run and is shared by every request. */
export interface SimState {
  catalog: SimCatalog;
  journal: Journal;
  /** Markers applied to every generation request, as if appended to its prompt. */
  faults: string;
  /** Markers applied to every generation request for one model (a model that always fails). */
  modelFaults: Map<string, string>;
  chunkDelayMs: number;
  firstByteDelayMs: number;
  attempts: AttemptCounter;
  responses: ResponseStore;
}
