import { InvalidInputError } from './store-errors.ts';
import { errorText } from '../../shared/error-text.ts';

/**
 * What makes a set of model routes usable, checked before one is saved (each refusal worded
 * for the person who set it up), and how a route stands for its models once resolved.
 */

/** As the contract's `routeName` allows. */
const MAX_NAME_LENGTH = 200;

export function checkName(name: string): void {
  if (!name)
    throw new InvalidInputError(
      'A route needs a name: what clients send as their model.',
      errorText('routes.errors.nameRequired'),
    );
  if (name.length > MAX_NAME_LENGTH) {
    throw new InvalidInputError(
      `A route name is at most ${MAX_NAME_LENGTH} characters.`,
      errorText('routes.errors.nameTooLong', { max: MAX_NAME_LENGTH }),
    );
  }
}

/** The models trimmed, each once, in order. */
export function checkModels(models: readonly string[]): string[] {
  const trimmed = models.map((model) => model.trim());
  if (trimmed.length === 0)
    throw new InvalidInputError(
      'A route needs at least one model.',
      errorText('routes.errors.modelsRequired'),
    );
  if (trimmed.some((model) => !model)) {
    throw new InvalidInputError(
      "A route's models must not be empty names.",
      errorText('routes.errors.emptyModelName'),
    );
  }
  if (trimmed.some((model) => model.length > MAX_NAME_LENGTH)) {
    throw new InvalidInputError(
      `A model name is at most ${MAX_NAME_LENGTH} characters.`,
      errorText('routes.errors.modelNameTooLong', { max: MAX_NAME_LENGTH }),
    );
  }
  return [...new Set(trimmed)];
}

/** A wait in milliseconds: undefined keeps the route's value, null takes the default. */
export function checkWait(
  value: number | null | undefined,
  what: 'firstByteTimeout' | 'maxRetryAfter',
): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Number.isInteger(value) || value <= 0) {
    throw what === 'firstByteTimeout'
      ? new InvalidInputError(
          "A route's first-byte timeout is a whole number of milliseconds above 0.",
          errorText('routes.errors.firstByteTimeoutInvalid'),
        )
      : new InvalidInputError(
          "A route's longest Retry-After is a whole number of milliseconds above 0.",
          errorText('routes.errors.maxRetryAfterInvalid'),
        );
  }
  return value;
}

/**
 * Refuses a route that names itself, or reaches itself again through other routes. A route that
 * shadows a catalog model may name itself: that member is the model it shadows (try the model
 * first, then others).
 */
export function checkNoLoop(
  name: string,
  members: readonly string[],
  graph: ReadonlyMap<string, readonly string[]>,
  shadow = false,
): void {
  if (members.includes(name) && !shadow)
    throw new InvalidInputError(
      `Route '${name}' names itself. To try the catalog model of that name first, let the route shadow it.`,
      errorText('routes.errors.namesItself', { name }),
    );
  // The other routes had no loop before this change, so any loop now goes through `name`.
  const visited = new Set<string>();
  const pathBack = (route: string): string[] | null => {
    for (const member of graph.get(route) ?? []) {
      // A shadowing route's own name among its members is the model it shadows.
      if (member === route) continue;
      if (member === name) return [route, name];
      if (!graph.has(member) || visited.has(member)) continue;
      visited.add(member);
      const rest = pathBack(member);
      if (rest) return [route, ...rest];
    }
    return null;
  };
  const loop = pathBack(name);
  if (loop)
    throw new InvalidInputError(
      `Route '${name}' would loop: ${loop.join(' → ')}.`,
      errorText('routes.errors.loop', { name, path: loop.join(' → ') }),
    );
}

/** The route's models with member routes expanded in place, depth first, each model once. */
export function flatten(
  route: { name: string; models: readonly string[] },
  routes: ReadonlyMap<string, { models: readonly string[] }>,
): string[] {
  const models: string[] = [];
  const seen = new Set<string>();
  const expanding = new Set<string>([route.name]);
  const visit = (owner: string, members: readonly string[]): void => {
    for (const member of members) {
      const inner = member === owner ? undefined : routes.get(member);
      if (inner) {
        // A loop can only come from a database edited by hand: its repeat is skipped.
        if (expanding.has(member)) continue;
        expanding.add(member);
        visit(member, inner.models);
        expanding.delete(member);
      } else if (!seen.has(member)) {
        // A model, or a shadowing route's own name: the model it shadows.
        seen.add(member);
        models.push(member);
      }
    }
  };
  visit(route.name, route.models);
  return models;
}
