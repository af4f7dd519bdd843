import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  tariffFieldText,
  type TariffFields,
} from './tariff-fields.ts';
import { markersFor, otherMarkers, priceOfTariff } from './tariff-price.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

/** The formats and tariff of one model, each overridden on its own or handed back. */
export function ModelOverrideForm({ model, onClose }: { model: ModelInfo; onClose: () => void }) {
  const { t } = useTranslation();
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
  const markersProblem = markersOn && formats.length === 0 ? t('models.override.pickFormat') : null;
  const tariffProblem = tariffOn && !tariff ? t('models.override.badNumber') : null;

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
      toast.success(t('models.override.saved', { model: model.id }));
      onClose();
    });
  };

  const reset = async () => {
    await perform(async () => {
      await clearOverride(model.id);
      toast.success(t('models.override.reset', { model: model.id }));
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
            <span>{t('models.override.formats')}</span>
          </label>
        </legend>
        <p className="field-hint">{t('models.override.formatsHint')}</p>
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
          <Field label={t('models.override.preferred')} hint={t('models.override.preferredHint')}>
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
          <p className="field-hint">
            {t('models.override.otherMarkers', { markers: extra.join(', ') })}
          </p>
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
            <span>{t('models.override.tariff')}</span>
          </label>
        </legend>
        <div className="segmented" role="radiogroup" aria-label={t('models.override.tariffKind')}>
          {(['tokens', 'per-call'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={kind === k}
              disabled={!tariffOn}
              onClick={() => setKind(k)}
            >
              {k === 'tokens' ? t('models.override.perToken') : t('models.override.perCall')}
            </button>
          ))}
        </div>
        <div className="form-grid tariff-grid">
          {(kind === 'tokens' ? TOKEN_FIELDS : CALL_FIELDS).map((key) => (
            <Field
              key={key}
              label={tariffFieldText(t, key).label}
              hint={tariffFieldText(t, key).hint}
            >
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
              ? t('models.override.previewCall', { price: formatPrice(price.perCall) })
              : t('models.override.previewTokens', {
                  input: formatPrice(price.inputPerMillion),
                  output: formatPrice(price.outputPerMillion),
                  cached: formatPrice(price.cachedPerMillion),
                })
            : t('models.override.previewEmpty')}
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
            {t('models.override.resetButton')}
          </button>
        ) : null}
        <span className="spacer" />
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          {t('models.override.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Spinner size={14} /> : null}
          {t('models.override.save')}
        </button>
      </div>
    </form>
  );
}
