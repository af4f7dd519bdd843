import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorWords } from '../../api/api-error.ts';
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
  const { t } = useTranslation();
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
  const keyProblem = touched && !hasKey && !key.trim() ? t('firstRun.upstream.keyMissing') : null;

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
        <h1 id="upstream-step-title">{t('firstRun.upstream.title')}</h1>
        <p className="muted">{t('firstRun.upstream.description')}</p>
      </div>
      {baseUrlFromEnv ? (
        <p className="muted" id="upstream-from-env">
          <Trans
            i18nKey="firstRun.upstream.fromEnv"
            values={{ variable: 'MODEL_GATEWAY_UPSTREAM', command: 'serve' }}
            components={{ code: <code /> }}
          />
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
        label={t('firstRun.upstream.key')}
        hint={
          keyFromEnv
            ? t('firstRun.upstream.keyFromEnv', { variable: 'MODEL_GATEWAY_UPSTREAM_KEY' })
            : t('firstRun.upstream.keyHint')
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
            placeholder={status?.keySource === 'keychain' ? t('firstRun.upstream.keyStored') : ''}
          />
        )}
      </Field>
      {status?.keychainProblem ? (
        <Alert kind="warning" title={t('firstRun.upstream.keychainProblem')}>
          {errorWords(status.keychainProblem, status.keychainProblemText)}
        </Alert>
      ) : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div className="form-actions">
        <button type="button" className="btn" onClick={onBack} disabled={busy}>
          {t('firstRun.back')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Spinner size={14} /> : null}
          {t('firstRun.upstream.save')}
          {busy ? null : <ArrowRight size={14} aria-hidden="true" />}
        </button>
      </div>
    </form>
  );
}
