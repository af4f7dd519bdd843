import { routeSaveParamsSchema, type RouteSaveParams } from '../../shared/contract-schemas.ts';
import { InputError } from './usage-error.ts';

/** What `route add|set` was given, as parseArgs hands it over. */
export interface RouteFlags {
  shadow?: boolean;
  'first-byte-timeout'?: string;
  'max-retry-after'?: string;
}

/** Bounds of the waits, as the contract's schema has them in milliseconds. */
const MIN_SECONDS = 0.1;
const MAX_SECONDS = 600;

function secondsFlag(flag: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const seconds = Number(value.trim().replace(/s$/, ''));
  if (
    value.trim() === '' ||
    !Number.isFinite(seconds) ||
    seconds < MIN_SECONDS ||
    seconds > MAX_SECONDS
  )
    throw new InputError(
      `${flag} must be a number of seconds from ${MIN_SECONDS} to ${MAX_SECONDS}, not '${value}'.`,
    );
  return Math.round(seconds * 1000);
}

/** Field names as the command line spells them. */
const FLAG_OF: Record<string, string> = {
  name: 'NAME',
  models: 'MODEL',
  firstByteTimeoutMs: '--first-byte-timeout',
  maxRetryAfterMs: '--max-retry-after',
};

/**
 * A whole route as `route add|set NAME MODEL... [options]` gives it: options left out take their
 * defaults (set replaces a route), checked by the same schema as the app's `routes.save`.
 */
export function routeParams(
  name: string,
  models: readonly string[],
  flags: RouteFlags,
): RouteSaveParams {
  if (models.length === 0)
    throw new InputError(`A route needs at least one model: route add ${name} MODEL [MODEL...].`);
  const parsed = routeSaveParamsSchema.safeParse({
    name,
    models,
    shadow: flags.shadow === true,
    firstByteTimeoutMs: secondsFlag('--first-byte-timeout', flags['first-byte-timeout']),
    maxRetryAfterMs: secondsFlag('--max-retry-after', flags['max-retry-after']),
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [field, index] = issue.path;
  const label =
    field === 'models' && typeof index === 'number'
      ? `MODEL ${String(index + 1)} ('${models[index] ?? ''}')`
      : (FLAG_OF[String(field)] ?? String(field));
  throw new InputError(`${label}: ${issue.message}.`);
}
