import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { ModelInfo, ModelRouteInfo } from '../../../shared/contract.ts';
import { formatModelPrice } from '../format/cost.ts';
import {
  choiceKey,
  groupChoices,
  initialActive,
  resolveChoice,
  selectableChoices,
  type Choice,
  type UnavailableReason,
} from '../lib/model-options.ts';
import { FormatBadges } from './FormatBadges.tsx';
import './model-picker.css';

interface ModelPickerProps {
  models: ModelInfo[];
  /** Model routes, listed in a group of their own ahead of the catalog. */
  routes?: ModelRouteInfo[];
  /** The chosen model or route; null: none (the input then only searches). */
  value: string | null;
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
}

/** "sim-chat → sim-gemini" for a route, the price for a model. */
function choiceFact(choice: Choice): string {
  return choice.kind === 'route'
    ? `route: ${choice.route.models.join(' → ') || 'no models'}`
    : formatModelPrice(choice.model);
}

/**
 * A filterable combobox (ARIA 1.2 pattern) over the catalog by owner, with model routes in a
 * group of their own; each entry shows its formats and price (a route: its models in order).
 * Entries that cannot be picked here stay listed, disabled, with the reason, so nobody wonders
 * where they went.
 */
export function ModelPicker({
  models,
  routes = [],
  value,
  onChange,
  disabled = false,
  label = 'Model',
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  placeholder,
  unavailableReason,
  showInfo = true,
  wide = false,
}: ModelPickerProps) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string | null>(null);

  const groups = useMemo(
    () => groupChoices(models, routes, query, unavailableReason),
    [models, routes, query, unavailableReason],
  );
  const selectable = useMemo(() => selectableChoices(groups), [groups]);
  // Option ids from their position: a route and a model may share a name.
  const optionIds = useMemo(() => {
    const ids = new Map<string, string>();
    groups.flatMap((g) => g.options).forEach((c, i) => ids.set(choiceKey(c), `${baseId}-opt-${i}`));
    return ids;
  }, [groups, baseId]);
  const selected = resolveChoice(value, models, routes);
  const inactive = disabled || (models.length === 0 && routes.length === 0);

  const show = (nextQuery: string) => {
    const next = selectableChoices(groupChoices(models, routes, nextQuery, unavailableReason));
    setQuery(nextQuery);
    setActive(initialActive(next, nextQuery, value));
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  const choose = (key: string) => {
    const choice = selectable.find((c) => choiceKey(c) === key);
    close();
    if (choice && choice.id !== value) onChange(choice.id);
  };

  const activate = (key: string | null) => {
    setActive(key);
    const domId = key ? optionIds.get(key) : undefined;
    if (domId) document.getElementById(domId)?.scrollIntoView({ block: 'nearest' });
  };

  const moveActive = (step: number) => {
    if (selectable.length === 0) return;
    const index = selectable.findIndex((c) => choiceKey(c) === active);
    const next =
      index === -1
        ? step > 0
          ? 0
          : selectable.length - 1
        : (index + step + selectable.length) % selectable.length;
    const choice = selectable[next];
    activate(choice ? choiceKey(choice) : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) show('');
      else moveActive(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      if (!open) return;
      // The picker's Enter chooses; it must not also submit a form around it.
      event.preventDefault();
      if (active) choose(active);
    } else if (event.key === 'Escape') {
      if (!open) return;
      // Handled here: the chat's own Escape (stop an answer) and a dialog's must not fire too.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Home' || event.key === 'End') {
      if (!open || selectable.length === 0) return;
      event.preventDefault();
      const edge = event.key === 'Home' ? selectable[0] : selectable.at(-1);
      activate(edge ? choiceKey(edge) : null);
    }
  };

  const empty = models.length === 0 && routes.length === 0;
  const activeId = open && active ? optionIds.get(active) : undefined;

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
          aria-label={id ? undefined : label}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={empty ? 'No models' : (placeholder ?? 'Choose a model…')}
          value={open ? query : (value ?? '')}
          disabled={inactive}
          onChange={(e) => show(e.target.value)}
          onClick={() => (open ? close() : show(''))}
          onKeyDown={onKeyDown}
        />
        <ChevronDown size={14} aria-hidden="true" className="model-combobox-chevron" />
        <div
          id={listId}
          role="listbox"
          aria-label={routes.length > 0 ? 'Routes and models' : 'Models'}
          className="model-listbox"
          hidden={!open}
        >
          {open && groups.length === 0 ? (
            <p className="model-listbox-empty">
              {routes.length > 0 ? 'Nothing matches' : 'No model matches'} “{query.trim()}”.
            </p>
          ) : null}
          {open
            ? groups.map((group, g) => (
                <div
                  key={group.key}
                  role="group"
                  aria-labelledby={`${baseId}-g-${g}`}
                  className="model-group"
                >
                  <div id={`${baseId}-g-${g}`} role="presentation" className="model-group-label">
                    {group.label}
                  </div>
                  {group.options.map((choice) => {
                    const key = choiceKey(choice);
                    const isSelected = selected !== null && choiceKey(selected) === key;
                    return (
                      <div
                        key={key}
                        id={optionIds.get(key)}
                        role="option"
                        aria-selected={isSelected}
                        aria-disabled={choice.unavailable !== null || undefined}
                        className={[
                          'model-option',
                          key === active ? 'is-active' : '',
                          choice.unavailable ? 'is-disabled' : '',
                        ].join(' ')}
                        // Keep the focus in the input, where the keyboard works.
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => (choice.unavailable ? undefined : choose(key))}
                        onMouseMove={() => (choice.unavailable ? undefined : setActive(key))}
                      >
                        <span className="model-option-name">{choice.id}</span>
                        {choice.unavailable ? (
                          <span className="model-option-why">{choice.unavailable}</span>
                        ) : (
                          <span className="model-option-facts">
                            <FormatBadges model={choice.badges} />
                            <span className={choice.kind === 'route' ? 'mono' : 'nowrap'}>
                              {choiceFact(choice)}
                            </span>
                          </span>
                        )}
                      </div>
                    );
                  })}
                </div>
              ))
            : null}
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
        <span className="subtle">(not in the catalog)</span>
      ) : null}
    </div>
  );
}
