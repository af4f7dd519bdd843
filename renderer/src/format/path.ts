import type { LogEntry } from '../../../shared/contract.ts';
import { i18n } from '../i18n/i18n.ts';

// Each key written out, so the catalog check sees it used.
const HOW: Record<LogEntry['route'], () => string> = {
  translated: () => i18n.t('format.path.translated'),
  passthrough: () => i18n.t('format.path.passthrough'),
  local: () => i18n.t('format.path.local'),
  rejected: () => i18n.t('format.path.rejected'),
};

/**
 * A request's path through the formats, as "chat→gemini (translated)" or "chat→chat
 * (passthrough)". ("Route" in the UI means a model route: a name standing for models.)
 */
export function formatPath(
  entry: Pick<LogEntry, 'clientFormat' | 'upstreamFormat' | 'route'>,
): string {
  const how = HOW[entry.route]();
  if (entry.route === 'local' || entry.route === 'rejected') {
    return entry.clientFormat ? i18n.t('format.path.via', { path: entry.clientFormat, how }) : how;
  }
  const from = entry.clientFormat ?? '?';
  const to = entry.upstreamFormat ?? '?';
  return i18n.t('format.path.via', { path: `${from}→${to}`, how });
}
