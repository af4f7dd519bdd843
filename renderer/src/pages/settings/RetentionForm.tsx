import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

/** How many days of request log to keep. */
export function RetentionForm({ days }: { days: number }) {
  const { t } = useTranslation();
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [value, setValue] = useState(String(days));
  const { busy, perform } = useBusyAction({ onError: (message) => toast.error(message) });
  const n = Number(value);
  const problem = !Number.isInteger(n) || n < 1 ? t('settings.retention.invalid') : null;

  const save = async () => {
    if (problem) return;
    await perform(async () => {
      await updateSettings({ retentionDays: n });
      toast.success(t('settings.retention.saved', { count: n }));
    });
  };

  return (
    <form
      className="inline-form"
      aria-label={t('settings.retention.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field
        label={t('settings.retention.label')}
        hint={t('settings.retention.hint')}
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
        {t('settings.retention.save')}
      </button>
    </form>
  );
}
