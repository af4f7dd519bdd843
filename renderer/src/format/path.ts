import type { LogEntry } from '../../../shared/contract.ts';

/**
 * A request's path through the formats, as "chat→gemini (translated)" or "chat→chat
 * (passthrough)". ("Route" in the UI means a model route: a name standing for models.)
 */
export function formatPath(
  entry: Pick<LogEntry, 'clientFormat' | 'upstreamFormat' | 'route'>,
): string {
  if (entry.route === 'local' || entry.route === 'rejected') {
    return entry.clientFormat ? `${entry.clientFormat} (${entry.route})` : entry.route;
  }
  const from = entry.clientFormat ?? '?';
  const to = entry.upstreamFormat ?? '?';
  return `${from}→${to} (${entry.route})`;
}
