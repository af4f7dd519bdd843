import type { TFunction } from 'i18next';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { formatPrice } from '../../format/cost.ts';
import type { SortKey } from './model-rows.ts';

/** What a cell draws with besides its model. */
interface CellContext {
  t: TFunction;
  onEdit: (model: ModelInfo) => void;
}

interface ModelColumn {
  id: string;
  header: (t: TFunction) => ReactNode;
  /** The value the column sorts by; a column without one has no sort button. */
  sortKey?: (model: ModelInfo) => SortKey;
  /** Right-aligned, as numbers are. */
  numeric?: boolean;
  cell: (model: ModelInfo, context: CellContext) => ReactNode;
}

function ModelId({ model, t }: { model: ModelInfo; t: TFunction }) {
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
}

/** The Models table's columns, in order. Constant: sorting by one never waits on the language. */
export const MODEL_COLUMNS: readonly ModelColumn[] = [
  {
    id: 'id',
    header: (t) => t('models.table.model'),
    sortKey: (m) => m.id,
    cell: (m, { t }) => <ModelId model={m} t={t} />,
  },
  {
    id: 'ownedBy',
    header: (t) => t('models.table.owner'),
    sortKey: (m) => m.ownedBy,
    cell: (m) => m.ownedBy || '—',
  },
  {
    id: 'formats',
    header: (t) => t('models.table.formats'),
    cell: (m) => <FormatBadges model={m} />,
  },
  {
    id: 'input',
    header: (t) => t('models.table.input'),
    sortKey: (m) => m.inputPerMillion,
    numeric: true,
    cell: (m) => formatPrice(m.inputPerMillion),
  },
  {
    id: 'output',
    header: (t) => t('models.table.output'),
    sortKey: (m) => m.outputPerMillion,
    numeric: true,
    cell: (m) => formatPrice(m.outputPerMillion),
  },
  {
    id: 'perCall',
    header: (t) => t('models.table.perCall'),
    sortKey: (m) => m.perCall,
    numeric: true,
    cell: (m) => formatPrice(m.perCall),
  },
  {
    id: 'actions',
    header: (t) => <span className="visually-hidden">{t('models.table.actions')}</span>,
    numeric: true,
    cell: (m, { t, onEdit }) => (
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={t('models.table.editFor', { model: m.id })}
        onClick={() => onEdit(m)}
      >
        <Pencil size={14} aria-hidden="true" />
        {t('models.table.edit')}
      </button>
    ),
  },
];
