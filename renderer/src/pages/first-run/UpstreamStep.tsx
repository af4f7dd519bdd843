import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { getApi } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { baseUrlProblem } from '../settings/url-check.ts';
import { ProfileFields } from '../settings/ProfileFields.tsx';
import { useBusyAction } from '../../lib/use-busy-action.ts';
import { useEnvironmentDefaults } from './use-environment-defaults.ts';

/** Profile and key in one form: save the profile, make it active, store the key. */
export function UpstreamStep({ onNext, onBack }: { onNext: () => void; onBack: () => void }) {
  const status = useAppStore((s) => s.status);
  const setStatus = useAppStore((s) => s.setStatus);
  const loadProfiles = useAppStore((s) => s.loadProfiles);
  const profile = status?.activeProfile ?? null;

  const [name, setName] = useState(profile?.name ?? 'Default');
  // A saved profile's URLs win; else the environment's (null: not typed in yet).
  const defaults = useEnvironmentDefaults(profile === null);
  const [typedBaseUrl, setBaseUrl] = useState<string | null>(profile?.baseUrl ?? null);
  const [typedPricingUrl, setPricingUrl] = useState<string | null>(profile?.pricingUrl ?? null);
  const baseUrl = typedBaseUrl ?? defaults?.baseUrl ?? '';
  const pricingUrl = typedPricingUrl ?? defaults?.pricingUrl ?? '';
  const baseUrlFromEnv = typedBaseUrl === null && Boolean(defaults?.baseUrl);
  const keyFromEnv = status?.keySource === 'environment' || defaults?.keyInEnvironment === true;
  const hasKey = status?.keySource === 'keychain' || keyFromEnv;
  const [key, setKey] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, error, perform } = useBusyAction();

  const urlProblem = touched ? baseUrlProblem(baseUrl) : null;
  const keyProblem = touched && !hasKey && !key.trim() ? 'Enter the key for this upstream.' : null;

  const submit = async () => {
    setTouched(true);
    if (baseUrlProblem(baseUrl) || (!hasKey && !key.trim())) return;
    await perform(async () => {
      const api = getApi();
      const saved = await api.call('profiles.save', {
        ...(profile ? { id: profile.id } : {}),
        name: name.trim() || 'Default',
        baseUrl: baseUrl.trim(),
        pricingUrl: pricingUrl.trim() || null,
      });
      // Kept in the status at once: if the key fails (say, no keychain), a retry updates
      // this profile instead of creating another.
      setStatus(await api.call('profiles.activate', { id: saved.id }));
      if (key.trim())
        setStatus(await api.call('key.set', { profileId: saved.id, key: key.trim() }));
      setKey('');
      await loadProfiles();
      onNext();
    });
  };

  return (
    <form
      className="stack"
      noValidate
      aria-labelledby="upstream-step-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div>
        <h1 id="upstream-step-title">Connect your upstream</h1>
        <p className="muted">The hosted gateway this app forwards to, and your key for it.</p>
      </div>
      {baseUrlFromEnv ? (
        <p className="muted" id="upstream-from-env">
          The base URL comes from <code>MODEL_GATEWAY_UPSTREAM</code>, as <code>serve</code> uses
          it. Change it here if this app should use another.
        </p>
      ) : null}
      <ProfileFields
        name={name}
        baseUrl={baseUrl}
        pricingUrl={pricingUrl}
        onName={setName}
        onBaseUrl={setBaseUrl}
        onPricingUrl={setPricingUrl}
        urlProblem={urlProblem}
      />
      <Field
        label="Upstream API key"
        hint={
          keyFromEnv
            ? 'MODEL_GATEWAY_UPSTREAM_KEY is set and will be used; leave this empty.'
            : 'Stored in the OS keychain. It is never shown again.'
        }
        error={keyProblem}
      >
        {(p) => (
          <input
            {...p}
            className="input"
            type="password"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            placeholder={
              status?.keySource === 'keychain' ? 'A key is stored; enter one to replace it' : ''
            }
          />
        )}
      </Field>
      {status?.keychainProblem ? (
        <Alert kind="warning" title="The keychain cannot be used">
          {status.keychainProblem}
        </Alert>
      ) : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div className="form-actions">
        <button type="button" className="btn" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Spinner size={14} /> : null}
          Save and continue
          {busy ? null : <ArrowRight size={14} aria-hidden="true" />}
        </button>
      </div>
    </form>
  );
}
