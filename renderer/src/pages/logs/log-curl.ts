import type { LogEntry } from '../../../../shared/contract.ts';
import { i18n } from '../../i18n/i18n.ts';

/** Where the copied command reads the local token from; never the token itself. */
export const TOKEN_PLACEHOLDER = '$MODEL_GATEWAY_TOKEN';

/**
 * Headers curl sets itself, that describe one connection, or that carried credentials (the
 * command authenticates with the placeholder instead, as `Authorization: Bearer`, which the
 * gateway accepts on every route).
 */
const LEFT_OUT = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'accept-encoding',
  'user-agent',
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'cookie',
]);

/** A shell word in single quotes: `'` becomes `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export interface LogCurl {
  command: string;
  /** What the command cannot reproduce exactly, for a note beside it. */
  notes: string[];
}

/**
 * The request again as a curl command against this gateway: the method, path and headers the
 * client sent (from the captured headers, which already say what the client's format needs),
 * the captured body, and the local token as a shell variable.
 */
export function logCurl(entry: LogEntry, gatewayUrl: string): LogCurl {
  const base = gatewayUrl.replace(/\/+$/, '');
  const notes: string[] = [];
  const lines = [`curl ${shellQuote(base + entry.path)}`];
  if (entry.method !== 'GET' && entry.method !== 'POST') lines.push(`-X ${entry.method}`);
  lines.push(`-H "Authorization: Bearer ${TOKEN_PLACEHOLDER}"`);

  const headers = entry.capture?.requestHeaders ?? {};
  const names = Object.keys(headers).filter((name) => !LEFT_OUT.has(name.toLowerCase()));
  const hasContentType = names.some((name) => name.toLowerCase() === 'content-type');
  for (const name of names.sort()) {
    const value = headers[name] ?? '';
    if (value.includes('[REDACTED]')) continue;
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }

  const body = entry.capture?.requestBody ?? null;
  if (body !== null) {
    if (!hasContentType) lines.push(`-H 'content-type: application/json'`);
    lines.push(`--data-raw ${shellQuote(body)}`);
    if (body.endsWith('… [truncated]')) notes.push(i18n.t('logs.detail.curl.truncated'));
    if (body.includes('[REDACTED]')) notes.push(i18n.t('logs.detail.curl.redacted'));
  } else if (entry.method === 'POST') {
    if (!hasContentType) lines.push(`-H 'content-type: application/json'`);
    lines.push(`--data-raw '{}'`);
    notes.push(i18n.t('logs.detail.curl.notCaptured'));
  }
  if (entry.stream) lines.push('--no-buffer');
  return { command: lines.join(' \\\n  '), notes };
}
