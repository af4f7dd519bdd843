import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('csvField', () => {
  it('leaves plain text alone', () => {
    expect(csvField('gemini-2.5-flash')).toBe('gemini-2.5-flash');
  });

  it('quotes a field with a comma', () => {
    expect(csvField('a,b')).toBe('"a,b"');
  });

  it('doubles quotes and wraps the field', () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it('quotes line breaks of either kind', () => {
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('writes null as an empty field, numbers and booleans as text', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(0.000123)).toBe('0.000123');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('csvLine', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'x,y'])).toBe('a,1,,"x,y"\r\n');
  });
});
