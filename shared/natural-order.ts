/**
 * The order names are shown in, everywhere: numbers in them compare as numbers (`model-2` before
 * `model-10`), case and accents aside. One collator: making one per comparison costs far more
 * than the comparison.
 */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export const naturalCompare = (a: string, b: string): number => collator.compare(a, b);
