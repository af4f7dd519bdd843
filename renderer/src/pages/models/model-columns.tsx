import { createColumnHelper, type FilterFn, type SortingFn } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Pencil } from 'lucide-react';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { naturalCompare } from '../../../../shared/natural-order.ts';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { formatPrice } from '../../format/cost.ts';

const column = createColumnHelper<ModelInfo>();

/** Search matches the model id or its owner, case-insensitively. */
export function matchesModelSearch(model: ModelInfo, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return model.id.toLowerCase().includes(needle) || model.ownedBy.toLowerCase().includes(needle);
}

export const modelSearch: FilterFn<ModelInfo> = (row, _columnId, value: unknown) =>
  matchesModelSearch(row.original, String(value ?? ''));

/** Names in natural order: `model-2` before `model-10`. */
const naturalSort: SortingFn<ModelInfo> = (a, b, id) =>
  naturalCompare(String(a.getValue(id)), String(b.getValue(id)));

export function modelColumns(onEdit: (model: ModelInfo) => void, t: TFunction) {
  return [
    column.accessor('id', {
      header: t('models.table.model'),
      sortingFn: naturalSort,
      cell: (info) => {
        const model = info.row.original;
        const overridden = model.overridden.markers || model.overridden.tariff;
        return (
          <span className="model-id">
            <span className="mono">{model.id}</span>
            {overridden ? (
              <span className="badge badge-warning" title={t('models.table.overrideTitle')}>
                {t('models.table.override')}
              </span>
            ) : null}
          </span>
        );
      },
    }),
    column.accessor('ownedBy', {
      header: t('models.table.owner'),
      sortingFn: naturalSort,
      cell: (info) => info.getValue() || '—',
    }),
    column.display({
      id: 'formats',
      header: t('models.table.formats'),
      cell: (info) => <FormatBadges model={info.row.original} />,
    }),
    // Missing prices sort last either way: undefined instead of null tells the table so.
    column.accessor((m) => m.inputPerMillion ?? undefined, {
      id: 'input',
      header: t('models.table.input'),
      sortUndefined: 'last',
      meta: { numeric: true },
      cell: (info) => formatPrice(info.row.original.inputPerMillion),
    }),
    column.accessor((m) => m.outputPerMillion ?? undefined, {
      id: 'output',
      header: t('models.table.output'),
      sortUndefined: 'last',
      meta: { numeric: true },
      cell: (info) => formatPrice(info.row.original.outputPerMillion),
    }),
    column.accessor((m) => m.perCall ?? undefined, {
      id: 'perCall',
      header: t('models.table.perCall'),
      sortUndefined: 'last',
      meta: { numeric: true },
      cell: (info) => formatPrice(info.row.original.perCall),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('models.table.actions')}</span>,
      meta: { numeric: true },
      cell: (info) => (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={t('models.table.editFor', { model: info.row.original.id })}
          onClick={() => onEdit(info.row.original)}
        >
          <Pencil size={14} aria-hidden="true" />
          {t('models.table.edit')}
        </button>
      ),
    }),
  ];
}
