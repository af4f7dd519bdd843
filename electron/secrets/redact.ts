import { CODEC_LIST } from '../gateway/formats/codecs.ts';

/**
 * Redaction for everything that leaves the process as text: log lines, captured bodies, error
 * messages. Known secrets are removed wherever they appear; credential-shaped values (auth
 * headers, `key=` query values) are removed even when nobody said they were secret, since a
 * client's own key can show up in a request we log.
 */

export const REDACTED = '[REDACTED]';

// Optional quotes (also JSON-escaped ones) around a header name, then `:` or `=`, then an
// optional opening quote: covers `Name: v`, `"name":"v"`, `{\"name\":\"v\"}` and `name=v`.
const NAME_END = String.raw`\\?["']?\s*[:=]\s*\\?["']?`;
// A value ends at whitespace, a quote, a backslash (an escaped quote) or a separator.
const VALUE = String.raw`[^\s"'\\,;&<>]+`;
// Only known schemes are kept visible: guessing any word as a scheme would let a key
// followed by a space pass as the scheme, unredacted.
const SCHEME = String.raw`(?:bearer|basic|token|digest|negotiate|apikey)\s+`;

const AUTH_HEADER = new RegExp(
  String.raw`(\b(?:proxy-)?authorization${NAME_END})(${SCHEME})?${VALUE}`,
  'gi',
);
/** Headers and query parameters the gateway's own formats carry keys in (`x-goog-api-key`, `key`). */
const TOKEN_SOURCES = CODEC_LIST.flatMap((codec) => codec.tokenSources);
const TOKEN_HEADERS = TOKEN_SOURCES.flatMap((source) =>
  'header' in source ? [source.header] : [],
);
const TOKEN_QUERIES = TOKEN_SOURCES.flatMap((source) => ('query' in source ? [source.query] : []));
// Besides the formats' own, x-api-key and api-key: other providers' clients send keys in them.
const KEY_HEADERS = [...new Set([...TOKEN_HEADERS, 'x-api-key', 'api-key'])];
const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

const KEY_HEADER = new RegExp(
  String.raw`(\b(?:${KEY_HEADERS.map(escaped).join('|')})${NAME_END})${VALUE}`,
  'gi',
);
// A bearer token outside any header, e.g. quoted in an error message. It must contain a digit or
// a token symbol, so prose such as "Bearer authentication" stays readable.
const BARE_BEARER = /\b(bearer\s+)(?=[A-Za-z]*[0-9\-._~+/])[A-Za-z0-9\-._~+/]+=*/gi;
// The formats' own query parameters (`?key=`), and common spellings of the same thing.
const KEY_QUERY = new RegExp(
  String.raw`(\b(?:${[...new Set([...TOKEN_QUERIES, 'key', 'api_key', 'apikey', 'access_token'])].map(escaped).join('|')})=)[^&#\s"'\\<>]+`,
  'gi',
);

/** The forms a secret takes once embedded in JSON or in a URL. */
function formsOf(secret: string): string[] {
  return [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
}

/** Replaces the given secrets and any credential-shaped value in `text` with `[REDACTED]`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  // Longest first, so a secret that contains another is removed whole.
  const forms = [...new Set(secrets.filter((s) => s.length > 0).flatMap(formsOf))].sort(
    (a, b) => b.length - a.length,
  );
  for (const form of forms) out = out.split(form).join(REDACTED);
  return out
    .replace(
      AUTH_HEADER,
      (_match, name: string, scheme: string | undefined) => `${name}${scheme ?? ''}${REDACTED}`,
    )
    .replace(KEY_HEADER, `$1${REDACTED}`)
    .replace(BARE_BEARER, `$1${REDACTED}`)
    .replace(KEY_QUERY, `$1${REDACTED}`);
}

export type HeaderValue = string | string[] | number | undefined;

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  ...KEY_HEADERS,
  'cookie',
  'set-cookie',
]);
const SCHEME_PREFIX = new RegExp(`^${SCHEME}`, 'i');

function redactSecretHeader(name: string, value: string): string {
  if (name.endsWith('authorization')) {
    const scheme = SCHEME_PREFIX.exec(value)?.[0];
    if (scheme) return `${scheme}${REDACTED}`;
  }
  return REDACTED;
}

/**
 * A copy of a header object (node's IncomingHttpHeaders, undici's, or a plain record) with
 * credential headers replaced, whatever the case of their names, and the given secrets removed
 * from every other value.
 */
export function redactHeaders<T extends Record<string, HeaderValue>>(
  headers: T,
  secrets: readonly string[] = [],
): T {
  const out: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(headers)) {
    const secret = SECRET_HEADERS.has(name.toLowerCase());
    const one = (v: string): string =>
      secret ? redactSecretHeader(name.toLowerCase(), v) : redact(v, secrets);
    out[name] =
      typeof value === 'string' ? one(value) : Array.isArray(value) ? value.map(one) : value;
  }
  return out as T;
}
