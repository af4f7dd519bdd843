import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import type { RangePreset } from '../../stores/usage-range.ts';
import { useUsageStore } from '../../stores/usage-store.ts';

/** 24h / 7 days / 30 days, or two dates. */
export function RangePicker() {
  const { t } = useTranslation();
  const presets: { value: RangePreset; label: string }[] = [
    { value: '24h', label: t('usage.range.last24h') },
    { value: '7d', label: t('usage.range.last7d') },
    { value: '30d', label: t('usage.range.last30d') },
    { value: 'custom', label: t('usage.range.custom') },
  ];
  const preset = useUsageStore((s) => s.preset);
  const custom = useUsageStore((s) => s.custom);
  const setPreset = useUsageStore((s) => s.setPreset);
  const setCustom = useUsageStore((s) => s.setCustom);
  const [showCustom, setShowCustom] = useState(preset === 'custom');
  const [from, setFrom] = useState(custom.from);
  const [to, setTo] = useState(custom.to);

  return (
    <div className="range-picker">
      <div className="segmented" role="group" aria-label={t('usage.range.label')}>
        {presets.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === 'custom' ? showCustom : preset === value && !showCustom}
            onClick={() => {
              if (value === 'custom') setShowCustom(true);
              else {
                setShowCustom(false);
                setPreset(value);
              }
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {showCustom ? (
        <form
          className="inline-form custom-range"
          onSubmit={(event) => {
            event.preventDefault();
            setCustom({ from, to });
          }}
        >
          <Field label={t('usage.range.start')}>
            {(p) => (
              <input
                {...p}
                className="input"
                type="date"
                value={from}
                max={to}
                onChange={(e) => setFrom(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('usage.range.end')}>
            {(p) => (
              <input
                {...p}
                className="input"
                type="date"
                value={to}
                min={from}
                onChange={(e) => setTo(e.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="btn btn-primary" disabled={!from || !to}>
            {t('usage.range.apply')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
