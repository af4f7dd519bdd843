import { z } from 'zod';

/**
 * The one definition of a tariff. The main process checks every tariff it receives (a model
 * override over IPC or HTTP) and every one it reads back from SQLite with this schema; the
 * renderer and the gateway's metering use the type inferred from it (`import type`, so zod stays
 * out of the renderer's bundle).
 */

/** A price or ratio: a finite number of 0 or more (zod's numbers refuse NaN and ±Infinity). */
const ratio = z.number().nonnegative('must be 0 or more');

/** Billed by tokens: a model ratio of 1 is $2 per million input tokens. */
const tokenTariffSchema = z.strictObject({
  kind: z.literal('tokens'),
  modelRatio: ratio,
  /** Output price ÷ input price. */
  completionRatio: ratio,
  /** Cached input price ÷ input price. */
  cacheRatio: ratio,
  /** The multiplier of the key's group. */
  groupRatio: ratio,
});

/** Billed per call: `modelPrice` dollars before the group ratio. */
const perCallTariffSchema = z.strictObject({
  kind: z.literal('per-call'),
  modelPrice: ratio,
  /** The multiplier of the key's group. */
  groupRatio: ratio,
});

/**
 * A model's price as the upstream's pricing document gives it, or as the
 * user overrides it: either token ratios or a price per call. The group ratio of the key's group
 * multiplies both.
 */
export const tariffSchema = z.discriminatedUnion('kind', [tokenTariffSchema, perCallTariffSchema]);

export type Tariff = z.infer<typeof tariffSchema>;

/** Whether a value (JSON read back from the store, say) is a tariff this schema accepts. */
export const isTariff = (value: unknown): value is Tariff => tariffSchema.safeParse(value).success;
