import { describe, expect, it } from 'vitest';
import type { CanonicalPart } from './canonical-request.ts';
import {
  foreignStateFormats,
  formatStateOf,
  hasFormatState,
  mergeFormatState,
  stateFormats,
  withFormatState,
} from './format-state.ts';

const part: CanonicalPart = { type: 'reasoning', text: 'Plan.' };

describe('format state', () => {
  it("sets one format's values on a copy and keeps the others", () => {
    const one = withFormatState(part, 'gemini', { s: 'G' });
    const two = withFormatState(one, 'anthropic', { s: 'A' });
    expect(part).toEqual({ type: 'reasoning', text: 'Plan.' });
    expect(two).toEqual({ ...part, state: { gemini: { s: 'G' }, anthropic: { s: 'A' } } });
    expect(formatStateOf(two, 'gemini')).toEqual({ s: 'G' });
    expect(formatStateOf(two, 'responses')).toBeUndefined();
    expect(withFormatState(two, 'gemini', { t: 'H' }).state?.gemini).toEqual({ t: 'H' });
  });

  it('leaves the carrier as it is when there is nothing to set', () => {
    expect(withFormatState(part, 'gemini', undefined)).toBe(part);
    expect(withFormatState(part, 'gemini', {})).toBe(part);
  });

  it('tells which formats hold state, and which are not the given one', () => {
    const both = { ...part, state: { gemini: { s: 'G' }, responses: {}, anthropic: { s: 'A' } } };
    expect(stateFormats(both)).toEqual(['gemini', 'anthropic']);
    expect(foreignStateFormats(both, 'gemini')).toEqual(['anthropic']);
    expect(hasFormatState(both)).toBe(true);
    expect(hasFormatState(part)).toBe(false);
    expect(hasFormatState({ type: 'text-delta', text: 'x' })).toBe(false);
  });

  it('merges value by value into new objects, later values winning', () => {
    const into = { gemini: { s: 'G1', t: 'T' } };
    const from = { gemini: { s: 'G2' }, responses: { e: 'E' } };
    const merged = mergeFormatState(into, from);
    expect(merged).toEqual({ gemini: { s: 'G2', t: 'T' }, responses: { e: 'E' } });
    expect(into).toEqual({ gemini: { s: 'G1', t: 'T' } });
    expect(merged?.responses).not.toBe(from.responses);
    expect(mergeFormatState(into, undefined)).toBe(into);
    expect(mergeFormatState(undefined, undefined)).toBeUndefined();
  });

  it('survives JSON byte-exact, as stored conversations are kept', () => {
    const sig = `  CiQB${'x'.repeat(100)}==\n\t é 中 🙂 "quoted" \\ end  `;
    const signed = withFormatState(part, 'gemini', { s: sig });
    expect(JSON.parse(JSON.stringify(signed))).toEqual(signed);
  });
});
