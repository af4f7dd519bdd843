import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo, ModelRouteInfo, WireFormat } from '../../../../shared/contract.ts';
import { FORMAT_NAME } from '../../../../shared/wire-formats.ts';
import { Field } from '../../components/Field.tsx';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { resolveChoice, type UnavailableReason } from '../../lib/model-options.ts';
import { formatFit, MAIN_SLOT, unreachableText } from './tool-view.ts';

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

/**
 * One model slot of a tool: the searchable model picker the chat has, over routes and the
 * catalog by vendor, with the choice's formats and how they reach the tool below it.
 */
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
  const { t } = useTranslation();
  const sameAsMain = t('tools.slot.sameAsMain');
  const main = slot.key === MAIN_SLOT;
  const selected = resolveChoice(value || null, models, routes);
  const fit = selected ? formatFit(selected.badges, format) : null;
  const speaks = { tool: toolName, format: FORMAT_NAME[format] };
  // Listed, but not to be picked: a model no format of which reaches the tool's.
  const unreachable = useCallback<UnavailableReason>(
    (choice) =>
      formatFit(choice.badges, format) === 'none' ? unreachableText(toolName, format) : null,
    [toolName, format],
  );
  let hint;
  if (selected)
    hint = (
      <span className="tool-slot-hint">
        <FormatBadges model={selected.badges} />
        <span>
          {selected.kind === 'route'
            ? `${t('tools.slot.route', { models: selected.route.models.join(' → ') })} `
            : null}
          {fit === 'native'
            ? t('tools.slot.native', speaks)
            : fit === 'translated'
              ? t('tools.slot.translated', speaks)
              : selected.kind === 'route'
                ? t('tools.slot.noneRoute', speaks)
                : t('tools.slot.noneModel', speaks)}
        </span>
      </span>
    );
  else if (!main) hint = sameAsMain;
  else if (value) hint = t('tools.slot.notInCatalog');

  // The app names the slots in English: the ones a person reads here are worded by their key.
  const label = main
    ? t('tools.slot.mainLabel', { tool: toolName })
    : slot.key === 'haiku'
      ? t('tools.slot.haiku')
      : slot.key === 'subagent'
        ? t('tools.slot.subagent')
        : slot.label;
  if (models.length === 0 && routes.length === 0)
    return (
      <Field label={label} hint={main ? t('tools.slot.idHint') : hint}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={value}
            disabled={disabled}
            placeholder={main ? t('tools.slot.idPlaceholder') : t('tools.slot.samePlaceholder')}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
    );
  return (
    <Field label={label} hint={hint} className="tool-slot">
      {(props) => (
        <ModelPicker
          {...props}
          models={models}
          routes={routes}
          value={value || null}
          onChange={onChange}
          disabled={disabled}
          unavailableReason={unreachable}
          placeholder={main ? t('tools.slot.choose') : sameAsMain}
          emptyChoice={main ? undefined : sameAsMain}
          showInfo={false}
          wide
        />
      )}
    </Field>
  );
}
