import { BoundedMap } from './bounded-map.ts';
import type { OpaqueStateStore, ResponseStore, StoredConversation } from './conversion-context.ts';

/** In-memory stores, bounded; the desktop app swaps in SQLite-backed ones that survive restarts. */
export const memoryStateStore = (limit = 50_000): OpaqueStateStore => new BoundedMap<string>(limit);

export const memoryResponseStore = (limit = 5_000): ResponseStore =>
  new BoundedMap<StoredConversation>(limit);
