/** A mistake in how the command was called: exit 2 with the message and the usage text. */
export class UsageError extends Error {}

/**
 * A value the command refuses (an unknown name, a number out of range): exit 2 with the message
 * alone, which says what to do; the whole usage text would bury it.
 */
export class InputError extends UsageError {}

export function portOf(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535, got '${value}'.`);
  return port;
}
