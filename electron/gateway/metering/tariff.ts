/**
 * A model's price as the upstream's pricing document gives it (UPSTREAM.md "Tariffs"): either
 * token ratios (a ratio of 1 is $2 per million input tokens) or a price per call. The group
 * ratio of the key's group multiplies both.
 */
export type Tariff =
  | {
      kind: 'tokens';
      modelRatio: number;
      completionRatio: number;
      cacheRatio: number;
      groupRatio: number;
    }
  | { kind: 'per-call'; modelPrice: number; groupRatio: number };
