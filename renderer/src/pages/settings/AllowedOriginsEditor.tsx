import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { normalizeOrigin } from './url-check.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

/** Browser origins granted CORS on the gateway's model API (none by default). */
export function AllowedOriginsEditor({ origins }: { origins: string[] }) {
  const { t } = useTranslation();
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, perform } = useBusyAction({ onError: (message) => toast.error(message) });

  const save = async (next: string[], done: string) => {
    return (
      (await perform(async () => {
        await updateSettings({ allowedOrigins: next });
        toast.success(done);
        return true;
      })) ?? false
    );
  };

  const add = async () => {
    const origin = normalizeOrigin(draft);
    if (!origin) {
      setProblem(t('settings.origins.invalid', { example: 'https://app.example.com' }));
      return;
    }
    if (origins.includes(origin)) {
      setProblem(t('settings.origins.duplicate'));
      return;
    }
    setProblem(null);
    if (await save([...origins, origin], t('settings.origins.added', { origin }))) setDraft('');
  };

  return (
    <div className="stack-sm">
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Field
          label={t('settings.origins.label')}
          hint={t('settings.origins.hint')}
          error={problem}
          className="grow"
        >
          {(p) => (
            <input
              {...p}
              className="input"
              value={draft}
              placeholder="https://app.example.com"
              onChange={(e) => setDraft(e.target.value)}
              spellCheck={false}
            />
          )}
        </Field>
        <button type="submit" className="btn" disabled={busy || !draft.trim()}>
          <Plus size={14} aria-hidden="true" />
          {t('settings.origins.add')}
        </button>
      </form>
      {origins.length === 0 ? (
        <p className="field-hint">{t('settings.origins.none')}</p>
      ) : (
        <ul className="chip-list" aria-label={t('settings.origins.label')}>
          {origins.map((origin) => (
            <li key={origin} className="chip">
              <span className="mono">{origin}</span>
              <button
                type="button"
                className="btn btn-ghost btn-icon btn-sm"
                aria-label={t('settings.origins.remove', { origin })}
                disabled={busy}
                onClick={() =>
                  void save(
                    origins.filter((o) => o !== origin),
                    t('settings.origins.removed', { origin }),
                  )
                }
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
