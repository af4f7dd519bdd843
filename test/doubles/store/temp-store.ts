import { openStore, type Store, type StoreOptions } from '../../../electron/store/open-store.ts';
import { makeTempDir } from './temp-dir.ts';

/** A store on a real file in a fresh temp dir, with a clock the test can move. */
export interface TempStore {
  store: Store;
  dir: string;
  clock: { now: number };
  /** Closes and opens the same file again (what a restart does). */
  reopen(): Store;
  dispose(): void;
}

export function openTempStore(options: Omit<StoreOptions, 'now'> = {}): TempStore {
  const temp = makeTempDir();
  const clock = { now: Date.UTC(2025, 0, 15, 12, 0, 0) };
  const open = (): Store => openStore(temp.dir, { ...options, now: () => clock.now });
  const handle: TempStore = {
    store: open(),
    dir: temp.dir,
    clock,
    reopen() {
      handle.store.close();
      handle.store = open();
      return handle.store;
    },
    dispose() {
      handle.store.close();
      temp.remove();
    },
  };
  return handle;
}
