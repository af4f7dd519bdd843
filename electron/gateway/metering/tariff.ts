/**
 * A model's price: token ratios or a price per call. Defined once, as
 * the schema the app checks tariffs with, in shared/tariff.ts; re-exported here so the
 * gateway's imports stay where they were.
 */
export type { Tariff } from '../../../shared/tariff.ts';
