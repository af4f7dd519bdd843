/** Small readers for JSON of unknown shape, shared by the kits' reference readings. */
export type Json = Record<string, unknown>;

export const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});

export const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Tool arguments as text: empty means no arguments. */
export const parseArgs = (text: string): unknown => (text.trim() === '' ? {} : JSON.parse(text));

/** A string field, if it is one. */
export const slotIf = (holder: unknown, key: string) =>
  typeof holder === 'object' && holder !== null && typeof (holder as Json)[key] === 'string'
    ? [{ holder: holder as Json, key }]
    : [];
