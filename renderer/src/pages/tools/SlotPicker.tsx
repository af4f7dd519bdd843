import type { ModelInfo, ModelRouteInfo, WireFormat } from '../../../../shared/contract.ts';
import { FORMAT_NAME } from '../../../../shared/wire-formats.ts';
import { Field } from '../../components/Field.tsx';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { resolveChoice, routeAnswers, routeBadges } from '../../lib/model-options.ts';
import { formatFit, MAIN_SLOT } from './tool-view.ts';

interface SlotPickerProps {
  toolName: string;
  /** The format the tool speaks. */
  format: WireFormat;
  slot: { key: string; label: string };
  value: string;
  models: ModelInfo[];
  /** Model routes, offered in a group of their own with the formats of their first model. */
  routes: ModelRouteInfo[];
  disabled: boolean;
  onChange: (model: string) => void;
}

const FIT_SUFFIX = { native: '', translated: ' (translated)', none: ' (unreachable)' } as const;

/** One model slot of a tool: a picker over routes and the catalog, with the choice's formats. */
export function SlotPicker({
  toolName,
  format,
  slot,
  value,
  models,
  routes,
  disabled,
  onChange,
}: SlotPickerProps) {
  const main = slot.key === MAIN_SLOT;
  const selected = resolveChoice(value || null, models, routes);
  const fit = selected ? formatFit(selected.badges, format) : null;
  const speaks = `${toolName} speaks ${FORMAT_NAME[format]}`;
  // A route's name reaches the route; a model a route shadows is not offered on its own.
  const offeredRoutes = routes.filter(routeAnswers);
  const offeredModels = models.filter((m) => !routes.some((r) => r.shadow && r.name === m.id));
  let hint;
  if (selected)
    hint = (
      <span className="tool-slot-hint">
        <FormatBadges model={selected.badges} />
        <span>
          {selected.kind === 'route' ? `Route: ${selected.route.models.join(' → ')}. ` : null}
          {fit === 'native'
            ? `${speaks}: passed through`
            : fit === 'translated'
              ? `${speaks}: translated by the gateway`
              : `${speaks}, which this ${selected.kind === 'route' ? 'route’s first model' : 'model'} does not serve`}
        </span>
      </span>
    );
  else if (!main) hint = 'Same as the main model';
  else if (value) hint = 'Not in the catalog';

  const label = main && slot.label === 'Model' ? `${toolName} model` : slot.label;
  if (models.length === 0 && routes.length === 0)
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
          {offeredRoutes.length > 0 ? (
            <optgroup label="Routes">
              {offeredRoutes.map((r) => (
                <option key={`route:${r.name}`} value={r.name}>
                  {r.name}
                  {FIT_SUFFIX[formatFit(routeBadges(r, models), format)]}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label="Models">
            {offeredModels.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}
                {FIT_SUFFIX[formatFit(m, format)]}
              </option>
            ))}
          </optgroup>
        </select>
      )}
    </Field>
  );
}
