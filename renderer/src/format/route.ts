import type { LogEntry, WireFormat } from '../../../shared/contract.ts';

/** What users call each wire format. */
export const FORMAT_LABEL: Record<WireFormat, string> = {
  chat: 'chat-completions',
  responses: 'responses',
  gemini: 'native',
};

export const ALL_FORMATS: readonly WireFormat[] = ['chat', 'responses', 'gemini'];

/** A request's route as "chat→gemini (translated)" or "chat→chat (passthrough)". */
export function formatRoute(
  entry: Pick<LogEntry, 'clientFormat' | 'upstreamFormat' | 'route'>,
): string {
  if (entry.route === 'local' || entry.route === 'rejected') {
    return entry.clientFormat ? `${entry.clientFormat} (${entry.route})` : entry.route;
  }
  const from = entry.clientFormat ?? '?';
  const to = entry.upstreamFormat ?? '?';
  return `${from}→${to} (${entry.route})`;
}
