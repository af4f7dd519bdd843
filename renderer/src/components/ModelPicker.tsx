import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo, ModelRouteInfo } from '../../../shared/contract.ts';
import {
  choiceKey,
  groupChoices,
  initialActive,
  prepareChoices,
  resolveChoice,
  selectableChoices,
  type UnavailableReason,
} from '../lib/model-options.ts';
import { NONE_KEY, pickerRows, selectableRows } from '../lib/picker-rows.ts';
import { FormatBadges } from './FormatBadges.tsx';
import { ModelOptions, choiceFact } from './ModelOptions.tsx';
import './model-picker.css';

/** Rows PageUp and PageDown move by. */
const PAGE_STEP = 8;

interface ModelPickerProps {
  models: ModelInfo[];
  /** Model routes, listed in a group of their own ahead of the catalog. */
  routes?: ModelRouteInfo[];
  /** The chosen model or route; null: none (the input then only searches). */
  value: string | null;
  /** The id chosen; '' for the `emptyChoice` entry. */
  onChange: (id: string) => void;
  disabled?: boolean;
  /** The accessible name when no visible label is tied to it (`id` not given). */
  label?: string;
  /** From a Field: ties a visible label, hint and error to the input. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  placeholder?: string;
  /** Which choices cannot be picked here, and why (shown on the entry, which stays listed). */
  unavailableReason?: UnavailableReason;
  /** Show the chosen entry's formats and price beside the input. */
  showInfo?: boolean;
  /** Fill the width of its container (in forms), rather than the toolbar's fixed width. */
  wide?: boolean;
  /** An entry above the others that clears the choice (say "Same as the main model"). */
  emptyChoice?: string;
}

/**
 * A filterable combobox (ARIA 1.2 pattern) over the catalog by owner, with model routes in a
 * group of their own; each entry shows its formats and price (a route: its models in order).
 * Entries that cannot be picked here stay listed, disabled, with the reason, so nobody wonders
 * where they went. The list is virtualised, and searched and grouped only while open: a page
 * may hold several pickers over a catalog of thousands.
 */
export function ModelPicker({
  models,
  routes = [],
  value,
  onChange,
  disabled = false,
  label,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  placeholder,
  unavailableReason,
  showInfo = true,
  wide = false,
  emptyChoice,
}: ModelPickerProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const scroller = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  /** The entry the keyboard (or the mouse) moved to; null: where the query starts it. */
  const [moved, setMoved] = useState<string | null>(null);

  // The whole list built while the browser is idle, not in the click that first opens it.
  useEffect(() => {
    if (models.length === 0 && routes.length === 0) return;
    const handle = requestIdleCallback(() => prepareChoices(models, routes, unavailableReason), {
      timeout: 2_000,
    });
    return () => cancelIdleCallback(handle);
  }, [models, routes, unavailableReason]);

  const groups = useMemo(
    () => (open ? groupChoices(models, routes, query, unavailableReason) : []),
    [open, models, routes, query, unavailableReason],
  );
  const none = emptyChoice !== undefined && query.trim() === '' ? emptyChoice : null;
  const rows = useMemo(() => pickerRows(groups, none), [groups, none]);
  const selectable = useMemo(() => selectableRows(rows), [rows]);
  const indexOf = useMemo(() => new Map(rows.map((r, i) => [r.key, i])), [rows]);

  const selected = resolveChoice(value, models, routes);
  const selectedKey = selected ? choiceKey(selected) : value === null && none ? NONE_KEY : null;
  const startKey = useMemo(
    () =>
      none !== null && value === null
        ? NONE_KEY
        : initialActive(selectableChoices(groups), query, value),
    [none, value, groups, query],
  );
  const activeKey = moved !== null && indexOf.has(moved) ? moved : startKey;
  const activeIndex = open && activeKey !== null ? (indexOf.get(activeKey) ?? -1) : -1;
  const optionId = (index: number) => `${baseId}-opt-${index}`;
  const inactive = disabled || (models.length === 0 && routes.length === 0);

  const show = (nextQuery: string) => {
    setQuery(nextQuery);
    setMoved(null);
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setQuery('');
    setMoved(null);
  };

  const choose = (key: string) => {
    const row = rows[indexOf.get(key) ?? -1];
    close();
    if (row?.kind === 'none' && value !== null) onChange('');
    else if (row?.kind === 'option' && row.choice.id !== value) onChange(row.choice.id);
  };

  /** To the entry `step` entries away: round the list (arrows), or stopping at its ends (±Infinity: an end). */
  const move = (step: number, wrap: boolean) => {
    if (selectable.length === 0) return;
    const at = selectable.indexOf(activeIndex);
    let next: number;
    if (!wrap) next = Math.max(0, Math.min(selectable.length - 1, Math.max(at, 0) + step));
    else if (at === -1) next = step > 0 ? 0 : selectable.length - 1;
    else next = (at + step + selectable.length) % selectable.length;
    setMoved(rows[selectable[next] ?? -1]?.key ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (!open) show('');
      else move(key === 'ArrowDown' ? 1 : -1, true);
    } else if (key === 'Enter') {
      if (!open) return;
      // The picker's Enter chooses; it must not also submit a form around it.
      event.preventDefault();
      if (activeKey !== null && activeIndex >= 0) choose(activeKey);
    } else if (key === 'Escape') {
      if (!open) return;
      // Handled here: the chat's own Escape (stop an answer) and a dialog's must not fire too.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (key === 'Home' || key === 'End') {
      if (!open) return;
      event.preventDefault();
      move(key === 'Home' ? -Infinity : Infinity, false);
    } else if (key === 'PageDown' || key === 'PageUp') {
      if (!open) return;
      event.preventDefault();
      move(key === 'PageDown' ? PAGE_STEP : -PAGE_STEP, false);
    }
  };

  const empty = models.length === 0 && routes.length === 0;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  return (
    <div className="model-picker">
      <div
        className={wide ? 'model-combobox is-wide' : 'model-combobox'}
        onBlur={(event) => {
          // Leaving the input for the list (a click on an option) keeps it open.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
        }}
      >
        <input
          id={id}
          className="input model-combobox-input"
          role="combobox"
          aria-label={id ? undefined : (label ?? t('modelPicker.label'))}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={
            empty ? t('modelPicker.noModels') : (placeholder ?? t('modelPicker.placeholder'))
          }
          value={open ? query : (value ?? '')}
          disabled={inactive}
          onChange={(e) => show(e.target.value)}
          onClick={() => (open ? close() : show(''))}
          onKeyDown={onKeyDown}
        />
        <ChevronDown size={14} aria-hidden="true" className="model-combobox-chevron" />
        <div
          id={listId}
          ref={scroller}
          role="listbox"
          aria-label={routes.length > 0 ? t('modelPicker.listRoutes') : t('modelPicker.list')}
          className="model-listbox"
          hidden={!open}
        >
          {open && rows.length === 0 ? (
            <p className="model-listbox-empty">
              {routes.length > 0
                ? t('modelPicker.nothingMatches', { query: query.trim() })
                : t('modelPicker.noModelMatches', { query: query.trim() })}
            </p>
          ) : null}
          {open && rows.length > 0 ? (
            <ModelOptions
              rows={rows}
              groups={groups}
              scroller={scroller}
              activeIndex={activeIndex}
              selectedKey={selectedKey}
              optionId={optionId}
              onChoose={choose}
              onHover={setMoved}
            />
          ) : null}
        </div>
      </div>
      {!showInfo ? null : selected ? (
        <div className="model-picker-info">
          <FormatBadges model={selected.badges} />
          <span className={selected.kind === 'route' ? 'subtle mono' : 'subtle nowrap'}>
            {choiceFact(selected)}
          </span>
        </div>
      ) : value !== null ? (
        <span className="subtle">{t('modelPicker.notInCatalog')}</span>
      ) : null}
    </div>
  );
}
