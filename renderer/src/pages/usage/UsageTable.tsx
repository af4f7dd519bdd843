import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageGroup } from '../../../../shared/contract.ts';
import { formatCost } from '../../format/cost.ts';
import { formatTokens } from '../../format/tokens.ts';

type By = 'model' | 'token' | 'modelRoute' | 'path';

const TABS: By[] = ['model', 'token', 'modelRoute', 'path'];

interface UsageTableProps {
  /** Each grouping's rows; null when the app could not give them (`errors` says why). */
  groups: Record<By, UsageGroup[] | null>;
  errors?: Partial<Record<By, string | null>>;
}

/**
 * The numbers behind the charts, per model, local token, model route or format path (the
 * formats a request went through, e.g. `chat→gemini (translated)`).
 */
export function UsageTable({ groups, errors = {} }: UsageTableProps) {
  const { t } = useTranslation();
  const [by, setBy] = useState<By>('model');
  const none = t('usage.table.none');
  const tabs: Record<By, { label: string; column: string; none: string }> = {
    model: { label: t('usage.table.byModel'), column: t('usage.table.model'), none },
    token: { label: t('usage.table.byToken'), column: t('usage.table.token'), none },
    modelRoute: {
      label: t('usage.table.byRoute'),
      column: t('usage.table.route'),
      none: t('usage.table.noRoute'),
    },
    path: { label: t('usage.table.byPath'), column: t('usage.table.path'), none },
  };
  const tab = tabs[by];
  const rows = [...(groups[by] ?? [])].sort(
    (a, b) => b.costUsd - a.costUsd || b.requests - a.requests,
  );
  const failed = groups[by] === null;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = TABS[(index + delta + TABS.length) % TABS.length];
    if (next) {
      setBy(next);
      document.getElementById(`usage-tab-${next}`)?.focus();
    }
  };

  return (
    <section className="card usage-table" aria-labelledby="usage-table-title">
      <div className="card-header">
        <h2 id="usage-table-title">{t('usage.table.title')}</h2>
      </div>
      <div className="tabs usage-tabs" role="tablist" aria-label={t('usage.table.groupBy')}>
        {TABS.map((id, index) => (
          <button
            key={id}
            id={`usage-tab-${id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={id === by}
            aria-controls="usage-tab-panel"
            tabIndex={id === by ? 0 : -1}
            onClick={() => setBy(id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tabs[id].label}
          </button>
        ))}
      </div>
      <div id="usage-tab-panel" role="tabpanel" aria-labelledby={`usage-tab-${by}`}>
        {failed ? (
          <p className="muted usage-table-empty">
            {t('usage.table.loadFailed', { error: errors[by] ?? t('usage.table.noReason') })}
          </p>
        ) : rows.length === 0 ? (
          <p className="muted usage-table-empty">{t('usage.table.empty')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{tab.column}</th>
                <th scope="col" className="num">
                  {t('usage.table.requests')}
                </th>
                <th scope="col" className="num">
                  {t('usage.table.errors')}
                </th>
                <th scope="col" className="num">
                  {t('usage.table.input')}
                </th>
                <th scope="col" className="num">
                  {t('usage.table.output')}
                </th>
                <th scope="col" className="num">
                  {t('usage.table.cached')}
                </th>
                <th scope="col" className="num">
                  {t('usage.table.cost')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.key}>
                  <td className="mono">{g.key || tab.none}</td>
                  <td className="num">{formatTokens(g.requests)}</td>
                  <td className="num">{formatTokens(g.errors)}</td>
                  <td className="num">{formatTokens(g.inputTokens)}</td>
                  <td className="num">{formatTokens(g.outputTokens)}</td>
                  <td className="num">{formatTokens(g.cachedTokens)}</td>
                  <td className="num">{formatCost(g.costUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
