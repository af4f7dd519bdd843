import type { Tariff } from '../../../../shared/contract.ts';

/** The tariff editor's inputs, as typed (strings until they parse). */
export type TariffFields = Record<
  'modelRatio' | 'completionRatio' | 'cacheRatio' | 'groupRatio' | 'modelPrice',
  string
>;

export function fieldsOf(tariff: Tariff | null): { kind: Tariff['kind']; fields: TariffFields } {
  const base: TariffFields = {
    modelRatio: '1',
    completionRatio: '1',
    cacheRatio: '1',
    groupRatio: '1',
    modelPrice: '0',
  };
  if (!tariff) return { kind: 'tokens', fields: base };
  if (tariff.kind === 'per-call') {
    return {
      kind: 'per-call',
      fields: {
        ...base,
        modelPrice: String(tariff.modelPrice),
        groupRatio: String(tariff.groupRatio),
      },
    };
  }
  return {
    kind: 'tokens',
    fields: {
      ...base,
      modelRatio: String(tariff.modelRatio),
      completionRatio: String(tariff.completionRatio),
      cacheRatio: String(tariff.cacheRatio),
      groupRatio: String(tariff.groupRatio),
    },
  };
}

/** The tariff the fields describe, or null when a field is not a non-negative number. */
export function tariffOf(kind: Tariff['kind'], f: TariffFields): Tariff | null {
  const n = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
  const ok = (v: number) => Number.isFinite(v) && v >= 0;
  if (kind === 'per-call') {
    const t = { kind, modelPrice: n(f.modelPrice), groupRatio: n(f.groupRatio) } as const;
    return ok(t.modelPrice) && ok(t.groupRatio) ? t : null;
  }
  const t = {
    kind,
    modelRatio: n(f.modelRatio),
    completionRatio: n(f.completionRatio),
    cacheRatio: n(f.cacheRatio),
    groupRatio: n(f.groupRatio),
  } as const;
  return [t.modelRatio, t.completionRatio, t.cacheRatio, t.groupRatio].every(ok) ? t : null;
}

export const TOKEN_FIELDS: { key: keyof TariffFields; label: string; hint: string }[] = [
  { key: 'modelRatio', label: 'Model ratio', hint: 'Input: ratio × group × $2 per 1M' },
  { key: 'completionRatio', label: 'Completion ratio', hint: 'Output price ÷ input price' },
  { key: 'cacheRatio', label: 'Cache ratio', hint: 'Cached input price ÷ input price' },
  { key: 'groupRatio', label: 'Group ratio', hint: 'Your key’s group multiplier' },
];

export const CALL_FIELDS: { key: keyof TariffFields; label: string; hint: string }[] = [
  { key: 'modelPrice', label: 'Price per call ($)', hint: 'Before the group ratio' },
  { key: 'groupRatio', label: 'Group ratio', hint: 'Your key’s group multiplier' },
];
