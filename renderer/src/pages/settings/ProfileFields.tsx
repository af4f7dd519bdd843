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
  return (
    <div className="form-grid">
      <Field label="Profile name" error={props.nameProblem ?? null}>
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
        label="Base URL"
        hint="The hosted gateway, e.g. https://gateway.example.com"
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
        label="Pricing URL"
        hint="Optional. A path below the base URL or a full URL; default /api/pricing"
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
