import { defaultRangeExtractor, useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { i18n } from '../i18n/i18n.ts';
import { formatModelPrice } from '../format/cost.ts';
import type { Choice, ChoiceGroup } from '../lib/model-options.ts';
import type { PickerRow } from '../lib/picker-rows.ts';
import { FormatBadges } from './FormatBadges.tsx';
import { observeRectAfterLayout, scrollUnlessThere } from './virtualizer-no-forced-layout.ts';

/** Heights rows are placed at until the ResizeObserver has measured them. */
const LABEL_HEIGHT = 28;
const OPTION_HEIGHT = 52;
const DISABLED_HEIGHT = 68;
/** Drawn when the list opens, before it has measured itself (its CSS maximum). */
const INITIAL_RECT = { width: 440, height: 420 };

interface ModelOptionsProps {
  rows: PickerRow[];
  groups: ChoiceGroup[];
  /** The listbox: the element that scrolls. */
  scroller: RefObject<HTMLDivElement | null>;
  /** The row the keyboard is on (-1: none): kept drawn, and scrolled into view. */
  activeIndex: number;
  /** The chosen entry's key, or null. */
  selectedKey: string | null;
  optionId: (index: number) => string;
  onChoose: (key: string) => void;
  onHover: (key: string) => void;
}

function rowHeight(row: PickerRow | undefined): number {
  if (row?.kind === 'label') return LABEL_HEIGHT;
  return row?.kind === 'option' && row.choice.unavailable !== null
    ? DISABLED_HEIGHT
    : OPTION_HEIGHT;
}

/** "route: sim-chat → sim-gemini" for a route, the price for a model. */
export function choiceFact(choice: Choice): string {
  return choice.kind === 'route'
    ? i18n.t('modelPicker.routeFact', {
        models: choice.route.models.join(' → ') || i18n.t('modelPicker.routeNoModels'),
      })
    : formatModelPrice(choice.model);
}

/**
 * The entries of an open model picker, virtualised: only the rows in view (and the one the
 * keyboard is on, which aria-activedescendant names) are in the DOM, so a catalog of thousands
 * opens at once. Rows are placed absolutely, at their measured heights; each group's rows sit
 * in its `group` element (named for the group), so the listbox keeps its grouping for screen
 * readers.
 */
export function ModelOptions(props: ModelOptionsProps) {
  const { rows, groups, scroller, activeIndex, selectedKey, optionId, onChoose, onHover } = props;
  // Stable while the rows are: a new function makes the virtualiser place every row again.
  // Heights as the ResizeObserver reported them, by row key. A row drawn again takes its known
  // height: reading it from the DOM as it mounts (the virtualiser's default) forces a layout
  // per row, which made each key typed into the search slow.
  const [sizes] = useState(() => new Map<string, number>());
  const estimateSize = useCallback(
    (i: number) => {
      const row = rows[i];
      return (row && sizes.get(row.key)) ?? rowHeight(row);
    },
    [rows, sizes],
  );
  const measureElement = useCallback(
    (element: Element, entry: ResizeObserverEntry | undefined) => {
      const key = element.getAttribute('data-key') ?? '';
      const box = entry?.borderBoxSize[0];
      if (box) sizes.set(key, Math.round(box.blockSize));
      return sizes.get(key) ?? rowHeight(rows[Number(element.getAttribute('data-index'))]);
    },
    [rows, sizes],
  );
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    measureElement,
    getItemKey,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessThere,
    overscan: 6,
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return activeIndex < 0 || indexes.includes(activeIndex)
        ? indexes
        : [...indexes, activeIndex].sort((a, b) => a - b);
    },
  });

  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  const row = (item: VirtualItem): ReactNode => {
    const entry = rows[item.index];
    if (!entry) return null;
    const place = {
      'data-index': item.index,
      'data-key': entry.key,
      ref: virtualizer.measureElement,
      style: { transform: `translateY(${item.start}px)` },
    };
    if (entry.kind === 'label')
      return (
        // The group is named by aria-label: this line is what the eye reads.
        <div key={entry.key} {...place} aria-hidden="true" className="model-row model-group-label">
          {groups[entry.group]?.label}
        </div>
      );
    const active = item.index === activeIndex;
    const choice = entry.kind === 'option' ? entry.choice : null;
    const disabled = choice?.unavailable != null;
    return (
      <div
        key={entry.key}
        {...place}
        id={optionId(item.index)}
        role="option"
        aria-selected={entry.key === selectedKey}
        aria-disabled={disabled || undefined}
        aria-posinset={entry.kind === 'option' ? entry.position : undefined}
        aria-setsize={entry.kind === 'option' ? entry.groupSize : undefined}
        className={`model-row model-option${active ? ' is-active' : ''}${disabled ? ' is-disabled' : ''}`}
        // Keep the focus in the input, where the keyboard works.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => (disabled ? undefined : onChoose(entry.key))}
        onMouseMove={() => (disabled || active ? undefined : onHover(entry.key))}
      >
        {choice === null ? (
          <span className="model-option-name">{entry.kind === 'none' ? entry.label : null}</span>
        ) : (
          <>
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
          </>
        )}
      </div>
    );
  };

  // Each group's drawn rows in its own element; the clearing entry stands alone.
  const drawn = new Map<number, ReactNode[]>();
  const loose: ReactNode[] = [];
  for (const item of virtualizer.getVirtualItems()) {
    const entry = rows[item.index];
    if (!entry) continue;
    if (entry.kind === 'none') loose.push(row(item));
    else drawn.set(entry.group, [...(drawn.get(entry.group) ?? []), row(item)]);
  }

  return (
    <div
      role="presentation"
      className="model-listbox-rows"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {loose}
      {[...drawn].map(([g, children]) => (
        <div key={groups[g]?.key ?? g} role="group" aria-label={groups[g]?.label}>
          {children}
        </div>
      ))}
    </div>
  );
}
