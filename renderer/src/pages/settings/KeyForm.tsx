import { useCallback, useRef, useState } from 'react';
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
  const keySource = useAppStore((s) => s.status?.keySource ?? 'none');
  const keychainProblem = useAppStore((s) => s.status?.keychainProblem ?? null);
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
      toast.success('Key saved to the keychain');
    });
  };

  return (
    <div className="stack">
      <KeySource source={keySource} />
      {keychainProblem ? (
        <Alert kind="warning" title="The keychain cannot be used">
          {keychainProblem}
        </Alert>
      ) : null}
      <form
        className="key-form"
        aria-label="Upstream key"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field
          label="Upstream API key"
          hint={
            profileId ? 'Stored in the keychain for the active profile.' : 'Save a profile first.'
          }
        >
          {(p) => (
            <input
              {...p}
              ref={input}
              className="input"
              type="password"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              placeholder={keySource === 'keychain' ? 'Enter a new key to replace it' : 'sk-…'}
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
            Save key
          </button>
          {keySource === 'keychain' && profileId ? (
            <button
              type="button"
              className="btn btn-danger-ghost"
              onClick={() => setConfirmClear(true)}
            >
              Remove key
            </button>
          ) : null}
        </div>
      </form>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <ConfirmDialog
        open={confirmClear}
        title="Remove the upstream key?"
        confirmLabel="Remove key"
        danger
        onClose={() => setConfirmClear(false)}
        onConfirm={async () => {
          if (!profileId) return;
          setStatus(await getApi().call('key.clear', { profileId }));
          toast.success('Key removed from the keychain');
        }}
      >
        The key is deleted from the keychain and the gateway stops serving until a new one is
        entered.
      </ConfirmDialog>
    </div>
  );
}
