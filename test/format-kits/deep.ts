/** Deeply nested JSON for the bad bodies of every kit. */
export const deepArrays = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

export const deepObjects = (depth: number): string =>
  '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
