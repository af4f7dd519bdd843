import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { ArrowDown, ArrowUp, ArrowUpDown, SearchX } from 'lucide-react';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { MODEL_COLUMNS } from './model-columns.tsx';
import { filterModels, nextModelSort, sortModels, type ModelSort } from './model-rows.ts';

/**
 * A row with its format badges on one line. Rows are not measured (that costs a layout per row
 * drawn): they flow between the spacers, so a taller row (badges wrapped in a narrow window)
 * only makes the scrollbar a little off, never overlaps.
 */
const ROW_HEIGHT = 45;

/** The catalog's own order, the one it comes in. */
const BY_ID: ModelSort = { column: 'id', desc: false };

interface ModelsTableProps {
  models: readonly ModelInfo[];
  search: string;
  /** The models are on their way (the page draws the table a task after itself). */
  pending: boolean;
  onEdit: (model: ModelInfo) => void;
}

interface HeadProps {
  sort: ModelSort | null;
  onSort: (column: string) => void;
}

/** The header row: a sortable column's header is a button, and aria-sort says the order. */
export function ModelsTableHead({ sort, onSort }: HeadProps) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr aria-rowindex={1}>
        {MODEL_COLUMNS.map((column) => {
          const sorted = sort?.column === column.id ? (sort.desc ? 'desc' : 'asc') : null;
          const label = column.header(t);
          return (
            <th
              key={column.id}
              scope="col"
              className={column.numeric ? 'num' : undefined}
              aria-sort={
                sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
              }
            >
              {column.sortKey ? (
                <button type="button" className="sort-button" onClick={() => onSort(column.id)}>
                  {label}
                  {sorted === 'asc' ? (
                    <ArrowUp size={12} aria-hidden="true" />
                  ) : sorted === 'desc' ? (
                    <ArrowDown size={12} aria-hidden="true" />
                  ) : (
                    <ArrowUpDown size={12} aria-hidden="true" className="subtle" />
                  )}
                </button>
              ) : (
                label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

interface RowProps {
  model: ModelInfo;
  /** Its place among the rows shown, from 0. */
  index: number;
  t: TFunction;
  onEdit: (model: ModelInfo) => void;
}

/** One model's row; memoised, so scrolling draws only the rows coming into view. */
export const ModelRow = memo(function ModelRow({ model, index, t, onEdit }: RowProps) {
  return (
    <tr aria-rowindex={index + 2}>
      {MODEL_COLUMNS.map((column) => (
        <td key={column.id} className={column.numeric ? 'num' : undefined}>
          {column.cell(model, { t, onEdit })}
        </td>
      ))}
    </tr>
  );
});

/**
 * Sortable, searchable model table (headers are buttons; aria-sort says the order),
 * virtualised: only the rows in view are in the DOM, between two spacer rows as tall as those
 * left out, so a catalog of thousands opens at once. It scrolls in its own box, under its
 * header; aria-rowcount and aria-rowindex give screen readers the whole table's size, and
 * tabbing through the Edit buttons scrolls on, drawing the next rows. Sorted once per order,
 * filtered once per search: typing sorts nothing.
 */
export function ModelsTable({ models, search, pending, onEdit }: ModelsTableProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<ModelSort | null>(BY_ID);
  const sorted = useMemo(() => {
    const key = MODEL_COLUMNS.find((c) => c.id === sort?.column)?.sortKey;
    return sort && key ? sortModels(models, key, sort.desc) : models;
  }, [models, sort]);
  const rows = useMemo(() => filterModels(sorted, search), [sorted, search]);
  const onSort = useCallback((column: string) => setSort((s) => nextModelSort(s, column)), []);
  const scroller = useRef<HTMLDivElement>(null);
  // Stable while the rows are: a new function makes the virtualiser place every row again.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey,
  });
  const drawn = virtualizer.getVirtualItems();
  const above = drawn[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (drawn.at(-1)?.end ?? 0);
  const spacer = (height: number) => (
    <tr aria-hidden="true" className="table-spacer">
      <td colSpan={MODEL_COLUMNS.length} style={{ height }} />
    </tr>
  );

  return (
    <div className="table-wrap models-table-wrap" ref={scroller}>
      <table
        className="table models-table"
        aria-label={t('models.table.label')}
        aria-rowcount={rows.length + 1}
        aria-busy={pending || undefined}
      >
        <ModelsTableHead sort={sort} onSort={onSort} />
        <tbody>
          {above > 0 ? spacer(above) : null}
          {drawn.map((item) => {
            const model = rows[item.index];
            return model ? (
              <ModelRow key={model.id} model={model} index={item.index} t={t} onEdit={onEdit} />
            ) : null;
          })}
          {below > 0 ? spacer(below) : null}
        </tbody>
      </table>
      {rows.length === 0 && !pending ? (
        <EmptyState icon={<SearchX size={20} />} title={t('models.table.noMatch')}>
          {t('models.table.noMatchBody', { search })}
        </EmptyState>
      ) : null}
    </div>
  );
}
