import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';

export interface ProfileFieldsProps {
  name: string;
  baseUrl: string;
  pricingUrl: string;
  onName: (value: string) => void;
  onBaseUrl: (value: string) => void;
  onPricingUrl: (value: string) => void;
  nameProblem?: string | null | undefined;
  urlProblem?: string | null | undefined;
}

/** The fields of an upstream profile, the same in the first-run flow and in Settings. */
export function ProfileFields(props: ProfileFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      <Field label={t('settings.profile.name')} error={props.nameProblem ?? null}>
        {(p) => (
          <input
            {...p}
            className="input"
            value={props.name}
            onChange={(e) => props.onName(e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      <Field
        label={t('settings.profile.baseUrl')}
        hint={t('settings.profile.baseUrlHint', { example: 'https://gateway.example.com' })}
        error={props.urlProblem ?? null}
      >
        {(p) => (
          <input
            {...p}
            className="input"
            type="url"
            value={props.baseUrl}
            placeholder="https://gateway.example.com"
            onChange={(e) => props.onBaseUrl(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <Field
        label={t('settings.profile.pricingUrl')}
        hint={t('settings.profile.pricingUrlHint', { path: '/api/pricing' })}
      >
        {(p) => (
          <input
            {...p}
            className="input"
            value={props.pricingUrl}
            placeholder="/api/pricing"
            onChange={(e) => props.onPricingUrl(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
    </div>
  );
}
