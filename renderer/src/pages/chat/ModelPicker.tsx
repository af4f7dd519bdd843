import type { ModelInfo } from '../../../../shared/contract.ts';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { formatModelPrice } from '../../format/cost.ts';
import { FORMAT_LABEL } from '../../../../shared/wire-formats.ts';

interface ModelPickerProps {
  models: ModelInfo[];
  value: string | null;
  onChange: (modelId: string) => void;
  disabled?: boolean;
}

function optionText(model: ModelInfo): string {
  const formats = model.formats.map((f) => FORMAT_LABEL[f]).join(', ') || 'no formats';
  return `${model.id} — ${formats} · ${formatModelPrice(model)}`;
}

/**
 * The conversation's model. A native select keeps it keyboard- and test-friendly; each option
 * names the model's formats and price, and the chosen one is shown with badges beside it.
 */
export function ModelPicker({ models, value, onChange, disabled = false }: ModelPickerProps) {
  const selected = models.find((m) => m.id === value) ?? null;
  const unknown = value !== null && selected === null;
  return (
    <div className="model-picker">
      <label className="visually-hidden" htmlFor="chat-model">
        Model
      </label>
      <select
        id="chat-model"
        className="select"
        value={value ?? ''}
        disabled={disabled || models.length === 0}
        onChange={(e) => onChange(e.target.value)}
      >
        {value === null ? <option value="">Choose a model…</option> : null}
        {unknown ? <option value={value}>{value} (not in the catalog)</option> : null}
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {optionText(model)}
          </option>
        ))}
      </select>
      {selected ? (
        <div className="model-picker-info">
          <FormatBadges model={selected} />
          <span className="subtle nowrap">{formatModelPrice(selected)}</span>
        </div>
      ) : null}
    </div>
  );
}
