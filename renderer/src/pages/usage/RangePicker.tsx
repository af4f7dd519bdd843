import { useState } from 'react';
import { Field } from '../../components/Field.tsx';
import type { RangePreset } from '../../stores/usage-range.ts';
import { useUsageStore } from '../../stores/usage-store.ts';

const PRESETS: { value: RangePreset; label: string }[] = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
];

/** 24h / 7 days / 30 days, or two dates. */
export function RangePicker() {
  const preset = useUsageStore((s) => s.preset);
  const custom = useUsageStore((s) => s.custom);
  const setPreset = useUsageStore((s) => s.setPreset);
  const setCustom = useUsageStore((s) => s.setCustom);
  const [showCustom, setShowCustom] = useState(preset === 'custom');
  const [from, setFrom] = useState(custom.from);
  const [to, setTo] = useState(custom.to);

  return (
    <div className="range-picker">
      <div className="segmented" role="group" aria-label="Time range">
        {PRESETS.map(({ value, label }) => (
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
          <Field label="Start date">
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
          <Field label="End date">
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
            Apply
          </button>
        </form>
      ) : null}
    </div>
  );
}
