import type { LogEntry } from '../../shared/contract.ts';
import type { LogRow } from '../store/index.ts';

/** A log row as the contract shows it: the token's store id stays inside the app. */
export function toLogEntry(row: LogRow): LogEntry {
  const { clientTokenId: _tokenId, ...entry } = row;
  return entry;
}
