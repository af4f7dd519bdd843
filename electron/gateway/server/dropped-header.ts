import type { ServerResponse } from 'node:http';

/** The response header that names the request fields the gateway dropped while translating. */
export const DROPPED_HEADER = 'x-gateway-dropped';

/** A header line has no room for a whole body's worth of paths; the log record keeps them all. */
const MAX_HEADER_CHARS = 2048;

/**
 * Tells the client which of its fields were left out. Paths come from the field policies (field
 * names the gateway knows, array indexes), yet anything outside a path's alphabet is stripped so
 * a header can never be broken open.
 */
export function setDroppedHeader(res: ServerResponse, dropped: readonly string[]): void {
  if (dropped.length === 0 || res.headersSent) return;
  let value = dropped.map((path) => path.replace(/[^\w.\-[\]]/g, '')).join(', ');
  if (value.length > MAX_HEADER_CHARS) {
    value = `${value.slice(0, MAX_HEADER_CHARS).replace(/,[^,]*$/, '')}, ...`;
  }
  res.setHeader(DROPPED_HEADER, value);
}
