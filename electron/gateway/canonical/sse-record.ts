/**
 * One server-sent event as the gateway writes it: an `event:` line for formats that name their
 * events, then the JSON payload on one `data:` line, then the blank line that ends the event.
 * Every stream the gateway writes, in every format and flow, is made of these.
 */
export function sseRecord(data: unknown, event?: string): string {
  const json = typeof data === 'string' ? data : JSON.stringify(data);
  return event === undefined ? `data: ${json}\n\n` : `event: ${event}\ndata: ${json}\n\n`;
}
