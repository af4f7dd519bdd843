import { useState } from 'react';
import { Field } from '../../components/Field.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

/** How many days of request log to keep. */
export function RetentionForm({ days }: { days: number }) {
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [value, setValue] = useState(String(days));
  const { busy, perform } = useBusyAction({ onError: (message) => toast.error(message) });
  const n = Number(value);
  const problem = !Number.isInteger(n) || n < 1 ? 'Keep at least one day.' : null;

  const save = async () => {
    if (problem) return;
    await perform(async () => {
      await updateSettings({ retentionDays: n });
      toast.success(`The log keeps ${n} day${n === 1 ? '' : 's'}`);
    });
  };

  return (
    <form
      className="inline-form"
      aria-label="Log retention"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field
        label="Keep logs for (days)"
        hint="Older requests are pruned in the background."
        error={value ? problem : null}
        className="retention-field"
      >
        {(p) => (
          <input
            {...p}
            className="input"
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.target.value.replace(/[^\d]/g, ''))}
          />
        )}
      </Field>
      <button type="submit" className="btn" disabled={busy || problem !== null || n === days}>
        Save retention
      </button>
    </form>
  );
}
