import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { modelColumns, modelSearch } from './model-columns.tsx';

interface ModelsTableProps {
  models: ModelInfo[];
  search: string;
  onEdit: (model: ModelInfo) => void;
}

function isNumeric(meta: unknown): boolean {
  return typeof meta === 'object' && meta !== null && 'numeric' in meta && meta.numeric === true;
}

/** Sortable, searchable model table (headers are buttons; aria-sort says the order). */
export function ModelsTable({ models, search, onEdit }: ModelsTableProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'id', desc: false }]);
  const columns = useMemo(() => modelColumns(onEdit), [onEdit]);
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

  return (
    <div className="table-wrap">
      <table className="table models-table" aria-label="Models">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
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
          {rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={isNumeric(cell.column.columnDef.meta) ? 'num' : undefined}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? (
        <EmptyState icon={<SearchX size={20} />} title="No model matches">
          Nothing has “{search}” in its id or owner.
        </EmptyState>
      ) : null}
    </div>
  );
}
