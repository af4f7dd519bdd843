import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorWords } from '../../api/api-error.ts';
import { getApi } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Field } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { KeySource } from './KeySource.tsx';
import { useBusyAction } from '../../lib/use-busy-action.ts';
import { useSettingsTarget } from '../../lib/use-settings-target.ts';

/**
 * Sets or removes the upstream key of a profile. The input is a password field and is cleared
 * once the key is stored; the key never comes back over the contract.
 */
export function KeyForm({ profileId }: { profileId: string | null }) {
  const { t } = useTranslation();
  const keySource = useAppStore((s) => s.status?.keySource ?? 'none');
  const keychainProblem = useAppStore((s) => s.status?.keychainProblem ?? null);
  const keychainProblemText = useAppStore((s) => s.status?.keychainProblemText);
  const setStatus = useAppStore((s) => s.setStatus);
  const [key, setKey] = useState('');
  const { busy, error, perform } = useBusyAction();
  const [confirmClear, setConfirmClear] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // "Open Settings at the key" (a rejected key, in the header or Chat) lands here.
  useSettingsTarget(
    'key',
    useCallback(() => input.current, []),
  );

  const save = async () => {
    if (!profileId || !key.trim()) return;
    await perform(async () => {
      setStatus(await getApi().call('key.set', { profileId, key: key.trim() }));
      setKey('');
      toast.success(t('settings.key.saved'));
    });
  };

  return (
    <div className="stack">
      <KeySource source={keySource} />
      {keychainProblem ? (
        <Alert kind="warning" title={t('settings.key.keychainProblem')}>
          {errorWords(keychainProblem, keychainProblemText)}
        </Alert>
      ) : null}
      <form
        className="key-form"
        aria-label={t('settings.key.form')}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field
          label={t('settings.key.label')}
          hint={profileId ? t('settings.key.hint') : t('settings.key.saveProfileFirst')}
        >
          {(p) => (
            <input
              {...p}
              ref={input}
              className="input"
              type="password"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              placeholder={keySource === 'keychain' ? t('settings.key.replacePlaceholder') : 'sk-…'}
              autoComplete="off"
              spellCheck={false}
              disabled={!profileId}
            />
          )}
        </Field>
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!profileId || !key.trim() || busy}
          >
            {busy ? <Spinner size={14} /> : null}
            {t('settings.key.save')}
          </button>
          {keySource === 'keychain' && profileId ? (
            <button
              type="button"
              className="btn btn-danger-ghost"
              onClick={() => setConfirmClear(true)}
            >
              {t('settings.key.remove')}
            </button>
          ) : null}
        </div>
      </form>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <ConfirmDialog
        open={confirmClear}
        title={t('settings.key.removeTitle')}
        confirmLabel={t('settings.key.remove')}
        danger
        onClose={() => setConfirmClear(false)}
        onConfirm={async () => {
          if (!profileId) return;
          setStatus(await getApi().call('key.clear', { profileId }));
          toast.success(t('settings.key.removed'));
        }}
      >
        {t('settings.key.removeBody')}
      </ConfirmDialog>
    </div>
  );
}
