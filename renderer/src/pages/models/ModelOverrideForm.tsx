import { useState } from 'react';
import type { ModelInfo, Tariff, WireFormat } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatPrice } from '../../format/cost.ts';
import { WIRE_FORMATS, FORMAT_LABEL } from '../../../../shared/wire-formats.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { toast } from '../../stores/toast-store.ts';
import {
  CALL_FIELDS,
  fieldsOf,
  tariffOf,
  TOKEN_FIELDS,
  type TariffFields,
} from './tariff-fields.ts';
import { markersFor, otherMarkers, priceOfTariff } from './tariff-price.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

/** The formats and tariff of one model, each overridden on its own or handed back. */
export function ModelOverrideForm({ model, onClose }: { model: ModelInfo; onClose: () => void }) {
  const setOverride = useModelsStore((s) => s.setOverride);
  const clearOverride = useModelsStore((s) => s.clearOverride);
  const initial = fieldsOf(model.tariff);
  const [markersOn, setMarkersOn] = useState(model.overridden.markers);
  const [formats, setFormats] = useState<WireFormat[]>(model.formats);
  const [preferred, setPreferred] = useState<WireFormat | null>(model.formats[0] ?? null);
  const [tariffOn, setTariffOn] = useState(model.overridden.tariff);
  const [kind, setKind] = useState<Tariff['kind']>(initial.kind);
  const [fields, setFields] = useState<TariffFields>(initial.fields);
  const { busy, error, perform } = useBusyAction();

  const tariff = tariffOf(kind, fields);
  const price = tariff ? priceOfTariff(tariff) : null;
  const extra = otherMarkers(model.markers);
  const markersProblem = markersOn && formats.length === 0 ? 'Pick at least one format.' : null;
  const tariffProblem = tariffOn && !tariff ? 'Every field needs a number of 0 or more.' : null;

  const toggleFormat = (format: WireFormat, on: boolean) => {
    const next = on
      ? WIRE_FORMATS.filter((f) => f === format || formats.includes(f))
      : formats.filter((f) => f !== format);
    setFormats(next);
    if (!preferred || !next.includes(preferred)) setPreferred(next[0] ?? null);
  };

  const save = async () => {
    if (markersProblem || tariffProblem) return;
    await perform(async () => {
      await setOverride(model.id, {
        markers: markersOn ? markersFor(formats, preferred, model.markers) : null,
        tariff: tariffOn ? tariff : null,
      });
      toast.success(`Override for ${model.id} saved`);
      onClose();
    });
  };

  const reset = async () => {
    await perform(async () => {
      await clearOverride(model.id);
      toast.success(`${model.id} uses the upstream’s data again`);
      onClose();
    });
  };

  return (
    <form
      className="stack override-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="override-part">
        <legend>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={markersOn}
              onChange={(e) => setMarkersOn(e.target.checked)}
            />
            <span>Override formats</span>
          </label>
        </legend>
        <p className="field-hint">
          The formats the model speaks upstream. Requests in other formats are translated.
        </p>
        <div className="stack-sm" aria-disabled={!markersOn}>
          {WIRE_FORMATS.map((format) => (
            <label key={format} className="checkbox">
              <input
                type="checkbox"
                disabled={!markersOn}
                checked={formats.includes(format)}
                onChange={(e) => toggleFormat(format, e.target.checked)}
              />
              <span>{FORMAT_LABEL[format]}</span>
            </label>
          ))}
        </div>
        {formats.length > 1 ? (
          <Field label="Preferred format" hint="Used when a request must be translated.">
            {(p) => (
              <select
                {...p}
                className="select"
                disabled={!markersOn}
                value={preferred ?? ''}
                onChange={(e) => setPreferred(e.target.value as WireFormat)}
              >
                {formats.map((f) => (
                  <option key={f} value={f}>
                    {FORMAT_LABEL[f]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {extra.length > 0 ? (
          <p className="field-hint">Other markers kept as they are: {extra.join(', ')}</p>
        ) : null}
        {markersProblem ? <p className="field-error">{markersProblem}</p> : null}
      </fieldset>

      <fieldset className="override-part">
        <legend>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={tariffOn}
              onChange={(e) => setTariffOn(e.target.checked)}
            />
            <span>Override tariff</span>
          </label>
        </legend>
        <div className="segmented" role="radiogroup" aria-label="Tariff kind">
          {(['tokens', 'per-call'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={kind === k}
              disabled={!tariffOn}
              onClick={() => setKind(k)}
            >
              {k === 'tokens' ? 'Per token' : 'Per call'}
            </button>
          ))}
        </div>
        <div className="form-grid tariff-grid">
          {(kind === 'tokens' ? TOKEN_FIELDS : CALL_FIELDS).map(({ key, label, hint }) => (
            <Field key={key} label={label} hint={hint}>
              {(p) => (
                <input
                  {...p}
                  className="input"
                  inputMode="decimal"
                  disabled={!tariffOn}
                  value={fields[key]}
                  onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
        <p className="tariff-preview" aria-live="polite">
          {price
            ? price.perCall !== null
              ? `≈ ${formatPrice(price.perCall)} per call`
              : `≈ ${formatPrice(price.inputPerMillion)} input, ${formatPrice(price.outputPerMillion)} output, ${formatPrice(price.cachedPerMillion)} cached input per 1M tokens`
            : 'Enter numbers to see the price.'}
        </p>
        {tariffProblem ? <p className="field-error">{tariffProblem}</p> : null}
      </fieldset>

      {error ? <Alert kind="error">{error}</Alert> : null}

      <div className="form-actions override-actions">
        {model.overridden.markers || model.overridden.tariff ? (
          <button
            type="button"
            className="btn btn-danger-ghost"
            onClick={() => void reset()}
            disabled={busy}
          >
            Reset to upstream
          </button>
        ) : null}
        <span className="spacer" />
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Spinner size={14} /> : null}
          Save override
        </button>
      </div>
    </form>
  );
}
