import { describe, expect, it } from 'vitest';
import { FORMAT_LABEL, FORMAT_MARKER, FORMAT_NAME, WIRE_FORMATS } from './wire-formats.ts';

describe('the format list', () => {
  it('gives every format a label, a display name and a marker, none shared', () => {
    for (const table of [FORMAT_LABEL, FORMAT_NAME, FORMAT_MARKER]) {
      const values = WIRE_FORMATS.map((format) => table[format]);
      expect(values.every((value) => typeof value === 'string' && value.length > 0)).toBe(true);
      expect(new Set(values).size).toBe(WIRE_FORMATS.length);
    }
  });

  it('names each format by more than its short label', () => {
    for (const format of WIRE_FORMATS) {
      expect(FORMAT_NAME[format]).toContain(FORMAT_LABEL[format]);
      expect(FORMAT_NAME[format].length).toBeGreaterThan(FORMAT_LABEL[format].length);
    }
  });
});
