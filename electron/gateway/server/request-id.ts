import { newId } from '../canonical/ids.ts';

let lastMs = -1;
let timeHex = '';

/**
 * `req_` and 24 hex digits: 12 of the time in ms, then 12 random ones. An id made later sorts
 * later, so the request log's unique index on `request_id` takes each new row at its end; a
 * fully random id landed on a random page of that index, and each commit rewrote one page per
 * row (~40 µs per record against ~10 µs, growing with the log; bench/FINDINGS.md #8). The time's
 * digits are kept per millisecond: under load many ids share one, and a double's base-16
 * conversion costs more than the rest of the id.
 */
export function newRequestId(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    timeHex = now.toString(16).padStart(12, '0').slice(-12);
  }
  return `req_${timeHex}${newId('').slice(0, 12)}`;
}
