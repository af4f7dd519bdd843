import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

/** Names a new local token; one per tool, so usage can be told apart. */
export function CreateTokenForm() {
  const { t } = useTranslation();
  const create = useTokensStore((s) => s.create);
  const [name, setName] = useState('');
  const { busy, error, perform } = useBusyAction();

  const submit = async () => {
    if (!name.trim()) return;
    await perform(async () => {
      await create(name.trim());
      setName('');
    });
  };

  return (
    <form
      className="stack-sm"
      aria-label={t('settings.createToken.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="inline-form">
        <Field
          label={t('settings.createToken.name')}
          hint={t('settings.createToken.hint')}
          className="grow"
        >
          {(p) => (
            <input
              {...p}
              className="input"
              value={name}
              placeholder={t('settings.createToken.placeholder')}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
          {busy ? <Spinner size={14} /> : <Plus size={14} aria-hidden="true" />}
          {t('settings.createToken.create')}
        </button>
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
    </form>
  );
}
