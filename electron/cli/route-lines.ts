import { ROUTE_DEFAULTS } from '../gateway/policy/model-route.ts';

/** What `route list` shows of a route. */
export interface ListedRoute {
  name: string;
  models: readonly string[];
  shadow: boolean;
  firstByteTimeoutMs: number | null;
  maxRetryAfterMs: number | null;
}

const seconds = (ms: number): string => `${String(ms / 1000)} s`;

/**
 * One line per route: its models in order (a member route marked as one; with a catalog to
 * compare against, a model it does not list marked too), then what it sets beyond the defaults.
 */
export function routeLine(
  route: ListedRoute,
  nameWidth: number,
  isRoute: (name: string) => boolean,
  catalog: ReadonlySet<string> | null,
): string {
  const models = route.models.map((model) => {
    if (isRoute(model)) return `${model} (route)`;
    return catalog && !catalog.has(model) ? `${model} (not in the catalog)` : model;
  });
  const options = [
    ...(route.shadow ? ['shadows the model of its name'] : []),
    ...(route.firstByteTimeoutMs !== null
      ? [`first byte within ${seconds(route.firstByteTimeoutMs)}`]
      : []),
    ...(route.maxRetryAfterMs !== null
      ? [`waits out a Retry-After up to ${seconds(route.maxRetryAfterMs)}`]
      : []),
  ];
  const line = `${route.name.padEnd(nameWidth)}  ${models.join(' → ')}`;
  return options.length > 0 ? `${line}   (${options.join('; ')})` : line;
}

/** What a route that sets no wait does, said once under the list. */
export const ROUTE_DEFAULTS_NOTE =
  `A route moves on to its next model when a stream sends nothing for ` +
  `${seconds(ROUTE_DEFAULTS.firstByteTimeoutMs)},\nor at once when a 429 asks to wait more ` +
  `than ${seconds(ROUTE_DEFAULTS.maxRetryAfterMs)}, unless it sets other waits.`;
