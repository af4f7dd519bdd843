import type { Harness } from '../harness.ts';

/**
 * The paths of the generation requests the gateway logged since `mark` (`recordMark`), in
 * order: which endpoint a client used when its format has several (`/api/chat`,
 * `/api/generate`). Read it after `expectRoutes`, which waits for the records.
 */
export const pathsSince = (h: Harness, mark: number): string[] =>
  h.records
    .slice(mark)
    .filter((r) => r.clientFormat !== null)
    .map((r) => r.path);
