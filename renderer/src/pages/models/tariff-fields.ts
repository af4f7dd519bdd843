import type { TFunction } from 'i18next';
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

export const TOKEN_FIELDS: (keyof TariffFields)[] = [
  'modelRatio',
  'completionRatio',
  'cacheRatio',
  'groupRatio',
];

export const CALL_FIELDS: (keyof TariffFields)[] = ['modelPrice', 'groupRatio'];

/** A field's label and hint in the UI's language. */
export function tariffFieldText(
  t: TFunction,
  key: keyof TariffFields,
): { label: string; hint: string } {
  switch (key) {
    case 'modelRatio':
      return { label: t('models.fields.modelRatio'), hint: t('models.fields.modelRatioHint') };
    case 'completionRatio':
      return {
        label: t('models.fields.completionRatio'),
        hint: t('models.fields.completionRatioHint'),
      };
    case 'cacheRatio':
      return { label: t('models.fields.cacheRatio'), hint: t('models.fields.cacheRatioHint') };
    case 'groupRatio':
      return { label: t('models.fields.groupRatio'), hint: t('models.fields.groupRatioHint') };
    case 'modelPrice':
      return { label: t('models.fields.modelPrice'), hint: t('models.fields.modelPriceHint') };
  }
}
