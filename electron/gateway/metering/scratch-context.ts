import type { ConversionContext } from '../canonical/conversion-context.ts';
import { memoryResponseStore, memoryStateStore } from '../canonical/memory-stores.ts';

/**
 * A conversion context whose side effects go nowhere: metering decodes pass-through answers
 * only to read usage, and must not leave state (e.g. thought signatures) behind.
 */
export const scratchContext = (): ConversionContext => ({
  rules: [],
  dropped: [],
  state: memoryStateStore(1),
  responses: memoryResponseStore(1),
});
