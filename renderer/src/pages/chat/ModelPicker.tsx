import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { formatModelPrice } from '../../format/cost.ts';
import { groupModelOptions, initialActive, selectableOptions } from './model-options.ts';

interface ModelPickerProps {
  models: ModelInfo[];
  value: string | null;
  onChange: (modelId: string) => void;
  disabled?: boolean;
}

/**
 * The conversation's model: a filterable combobox (ARIA 1.2 pattern) listing the catalog by
 * owner with each model's formats and price. Models the chat cannot use are shown disabled
 * with the reason, rather than hidden, so nobody wonders where they went.
 */
export function ModelPicker({ models, value, onChange, disabled = false }: ModelPickerProps) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (id: string) => `${baseId}-opt-${id}`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string | null>(null);

  const groups = useMemo(() => groupModelOptions(models, query), [models, query]);
  const selectable = useMemo(() => selectableOptions(groups), [groups]);
  const selected = models.find((m) => m.id === value) ?? null;
  const inactive = disabled || models.length === 0;

  const show = (nextQuery: string) => {
    const nextGroups = groupModelOptions(models, nextQuery);
    setQuery(nextQuery);
    setActive(initialActive(selectableOptions(nextGroups), nextQuery, value));
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  const choose = (id: string) => {
    close();
    if (id !== value) onChange(id);
  };

  const moveActive = (step: number) => {
    if (selectable.length === 0) return;
    const index = selectable.findIndex((m) => m.id === active);
    const next =
      index === -1
        ? step > 0
          ? 0
          : selectable.length - 1
        : (index + step + selectable.length) % selectable.length;
    const id = selectable[next]?.id ?? null;
    setActive(id);
    if (id) document.getElementById(optionId(id))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) show('');
      else moveActive(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      if (active) choose(active);
    } else if (event.key === 'Escape') {
      if (!open) return;
      // Handled here: the chat's own Escape (stop an answer) must not fire too.
      event.preventDefault();
      close();
    } else if (event.key === 'Home' || event.key === 'End') {
      if (!open || selectable.length === 0) return;
      event.preventDefault();
      setActive((event.key === 'Home' ? selectable[0] : selectable.at(-1))?.id ?? null);
    }
  };

  return (
    <div className="model-picker">
      <div
        className="model-combobox"
        onBlur={(event) => {
          // Leaving the input for the list (a click on an option) keeps it open.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
        }}
      >
        <input
          className="input model-combobox-input"
          role="combobox"
          aria-label="Model"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={models.length === 0 ? 'No models' : 'Choose a model…'}
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
          aria-label="Models"
          className="model-listbox"
          hidden={!open}
        >
          {open && groups.length === 0 ? (
            <p className="model-listbox-empty">No model matches “{query.trim()}”.</p>
          ) : null}
          {open
            ? groups.map((group) => (
                <div
                  key={group.owner}
                  role="group"
                  aria-labelledby={`${baseId}-g-${group.owner}`}
                  className="model-group"
                >
                  <div
                    id={`${baseId}-g-${group.owner}`}
                    role="presentation"
                    className="model-group-label"
                  >
                    {group.owner}
                  </div>
                  {group.options.map(({ model, unavailable }) => (
                    <div
                      key={model.id}
                      id={optionId(model.id)}
                      role="option"
                      aria-selected={model.id === value}
                      aria-disabled={unavailable !== null || undefined}
                      className={[
                        'model-option',
                        model.id === active ? 'is-active' : '',
                        unavailable ? 'is-disabled' : '',
                      ].join(' ')}
                      // Keep the focus in the input, where the keyboard works.
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => (unavailable ? undefined : choose(model.id))}
                      onMouseMove={() => (unavailable ? undefined : setActive(model.id))}
                    >
                      <span className="model-option-name">{model.id}</span>
                      {unavailable ? (
                        <span className="model-option-why">{unavailable}</span>
                      ) : (
                        <span className="model-option-facts">
                          <FormatBadges model={model} />
                          <span className="nowrap">{formatModelPrice(model)}</span>
                        </span>
                      )}
                    </div>
                  ))}
                </div>
              ))
            : null}
        </div>
      </div>
      {selected ? (
        <div className="model-picker-info">
          <FormatBadges model={selected} />
          <span className="subtle nowrap">{formatModelPrice(selected)}</span>
        </div>
      ) : value !== null ? (
        <span className="subtle">(not in the catalog)</span>
      ) : null}
    </div>
  );
}
