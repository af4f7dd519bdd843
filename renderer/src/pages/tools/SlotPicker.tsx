import type { ModelInfo, WireFormat } from '../../../../shared/contract.ts';
import { FORMAT_LABEL } from '../../../../shared/wire-formats.ts';
import { Field } from '../../components/Field.tsx';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { formatFit, MAIN_SLOT } from './tool-view.ts';

interface SlotPickerProps {
  toolName: string;
  /** The format the tool speaks. */
  format: WireFormat;
  slot: { key: string; label: string };
  value: string;
  models: ModelInfo[];
  disabled: boolean;
  onChange: (model: string) => void;
}

const FIT_SUFFIX = { native: '', translated: ' (translated)', none: ' (unreachable)' } as const;

/** One model slot of a tool: a catalog picker with the chosen model's format badges. */
export function SlotPicker({
  toolName,
  format,
  slot,
  value,
  models,
  disabled,
  onChange,
}: SlotPickerProps) {
  const main = slot.key === MAIN_SLOT;
  const selected = models.find((m) => m.id === value) ?? null;
  const fit = selected ? formatFit(selected, format) : null;
  const speaks = `${toolName} speaks ${format === 'gemini' ? 'Gemini native' : FORMAT_LABEL[format]}`;
  let hint;
  if (selected)
    hint = (
      <span className="tool-slot-hint">
        <FormatBadges model={selected} />
        <span>
          {fit === 'native'
            ? `${speaks}: passed through`
            : fit === 'translated'
              ? `${speaks}: translated by the gateway`
              : `${speaks}, which this model does not serve`}
        </span>
      </span>
    );
  else if (!main) hint = 'Same as the main model';
  else if (value) hint = 'Not in the catalog';

  const label = main && slot.label === 'Model' ? `${toolName} model` : slot.label;
  if (models.length === 0)
    return (
      <Field label={label} hint={main ? 'A model id the upstream serves' : hint}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={value}
            disabled={disabled}
            placeholder={main ? 'model id' : 'same as the main model'}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
    );
  return (
    <Field label={label} hint={hint} className="tool-slot">
      {(props) => (
        <select
          {...props}
          className="select"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        >
          {main ? (
            value === '' ? (
              <option value="">Choose a model</option>
            ) : null
          ) : (
            <option value="">Same as the main model</option>
          )}
          {value !== '' && !selected ? (
            <option value={value}>{value} (not in the catalog)</option>
          ) : null}
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.id}
              {FIT_SUFFIX[formatFit(m, format)]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
