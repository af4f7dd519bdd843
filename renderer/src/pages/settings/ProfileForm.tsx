import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpstreamProfile } from '../../../../shared/contract.ts';
import { getApi } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { baseUrlProblem } from './url-check.ts';
import { ProfileFields } from './ProfileFields.tsx';
import { useBusyAction } from '../../lib/use-busy-action.ts';

interface ProfileFormProps {
  /** The profile to edit; null creates one. */
  profile: UpstreamProfile | null;
  onSaved: (profile: UpstreamProfile) => Promise<void> | void;
}

/** Name, base URL and pricing URL of one upstream profile. */
export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile?.name ?? 'Default');
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [pricingUrl, setPricingUrl] = useState(profile?.pricingUrl ?? '');
  const [touched, setTouched] = useState(false);
  const { busy, error, perform } = useBusyAction();
  const [saved, setSaved] = useState(false);

  const urlProblem = touched ? baseUrlProblem(baseUrl) : null;
  const nameProblem = touched && !name.trim() ? t('settings.profile.nameMissing') : null;

  const submit = async () => {
    setTouched(true);
    setSaved(false);
    if (baseUrlProblem(baseUrl) || !name.trim()) return;
    await perform(async () => {
      const result = await getApi().call('profiles.save', {
        ...(profile ? { id: profile.id } : {}),
        name: name.trim(),
        baseUrl: baseUrl.trim(),
        pricingUrl: pricingUrl.trim() || null,
      });
      await onSaved(result);
      setSaved(true);
    });
  };

  return (
    <form
      className="stack"
      aria-label={t('settings.profile.form')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ProfileFields
        name={name}
        baseUrl={baseUrl}
        pricingUrl={pricingUrl}
        onName={setName}
        onBaseUrl={setBaseUrl}
        onPricingUrl={setPricingUrl}
        nameProblem={nameProblem}
        urlProblem={urlProblem}
      />
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Spinner size={14} /> : null}
          {t('settings.profile.save')}
        </button>
        {saved && !busy ? (
          <span className="muted" role="status">
            {t('settings.profile.saved')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
