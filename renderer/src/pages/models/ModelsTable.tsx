import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, SearchX } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { modelColumns, modelSearch } from './model-columns.tsx';

/**
 * A row with its format badges on one line. Rows are not measured (that costs a layout per row
 * drawn): they flow between the spacers, so a taller row (badges wrapped in a narrow window)
 * only makes the scrollbar a little off, never overlaps.
 */
const ROW_HEIGHT = 45;

interface ModelsTableProps {
  models: ModelInfo[];
  search: string;
  /** The models are on their way (the page draws the table a task after itself). */
  pending: boolean;
  onEdit: (model: ModelInfo) => void;
}

function isNumeric(meta: unknown): boolean {
  return typeof meta === 'object' && meta !== null && 'numeric' in meta && meta.numeric === true;
}

/**
 * Sortable, searchable model table (headers are buttons; aria-sort says the order),
 * virtualised: only the rows in view are in the DOM, between two spacer rows as tall as those
 * left out, so a catalog of thousands opens at once. It scrolls in its own box, under its
 * header; aria-rowcount and aria-rowindex give screen readers the whole table's size, and
 * tabbing through the Edit buttons scrolls on, drawing the next rows.
 */
export function ModelsTable({ models, search, pending, onEdit }: ModelsTableProps) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'id', desc: false }]);
  const columns = useMemo(() => modelColumns(onEdit, t), [onEdit, t]);
  const table = useReactTable({
    data: models,
    columns,
    state: { sorting, globalFilter: search },
    onSortingChange: setSorting,
    globalFilterFn: modelSearch,
    // Cheapest first on the first click, for prices as for names.
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const rows = table.getRowModel().rows;
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
  const columnCount = table.getVisibleLeafColumns().length;
  const spacer = (height: number) => (
    <tr aria-hidden="true" className="table-spacer">
      <td colSpan={columnCount} style={{ height }} />
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
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const numeric = isNumeric(header.column.columnDef.meta);
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric ? 'num' : undefined}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                      >
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
          ))}
        </thead>
        <tbody>
          {above > 0 ? spacer(above) : null}
          {drawn.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr key={row.id} aria-rowindex={item.index + 2}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={isNumeric(cell.column.columnDef.meta) ? 'num' : undefined}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
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
