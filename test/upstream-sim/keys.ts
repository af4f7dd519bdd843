/**
 * Upstream keys the simulator accepts. They deliberately do not start with `sk-`
 * so secret scanners leave the test suite alone.
 */
export const SIM_KEYS = {
  full: 'sim-key-full-0001',
  limited: 'sim-key-limited-0002',
  broke: 'sim-key-broke-0003',
} as const;

export interface KeyScope {
  name: keyof typeof SIM_KEYS;
  /** null = every model in the catalog. */
  models: ReadonlySet<string> | null;
  /** Every generation is refused for insufficient balance. */
  broke: boolean;
}

const SCOPES: ReadonlyMap<string, KeyScope> = new Map<string, KeyScope>([
  [SIM_KEYS.full, { name: 'full', models: null, broke: false }],
  [
    SIM_KEYS.limited,
    { name: 'limited', models: new Set(['sim-chat', 'sim-gemini']), broke: false },
  ],
  [SIM_KEYS.broke, { name: 'broke', models: null, broke: true }],
]);

/** Reads `Authorization: Bearer <key>`: the auth header of every path. */
function bearerKey(authorization: string | undefined): string | null {
  if (authorization === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}

/**
 * The key of a request. A format's paths may also take its own header (`keyHeader`: the
 * Messages paths take Anthropic's `x-api-key`, as new-api's Claude route does); a Bearer key
 * wins when both are sent.
 */
export function requestKey(
  headers: Record<string, string>,
  keyHeader: string | undefined,
): string | null {
  const bearer = bearerKey(headers.authorization);
  if (bearer !== null || keyHeader === undefined) return bearer;
  const apiKey = headers[keyHeader]?.trim();
  return apiKey === undefined || apiKey === '' ? null : apiKey;
}

export function scopeForKey(key: string | null): KeyScope | undefined {
  return key === null ? undefined : SCOPES.get(key);
}
