import { useState, type KeyboardEvent } from 'react';
import type { UsageGroup } from '../../../../shared/contract.ts';
import { formatCost } from '../../format/cost.ts';
import { formatTokens } from '../../format/tokens.ts';

type By = 'model' | 'token' | 'modelRoute' | 'path';

const TABS: { id: By; label: string; column: string; none: string }[] = [
  { id: 'model', label: 'By model', column: 'Model', none: '(none)' },
  { id: 'token', label: 'By token', column: 'Local token', none: '(none)' },
  { id: 'modelRoute', label: 'By route', column: 'Route', none: '(no route)' },
  { id: 'path', label: 'By path', column: 'Path', none: '(none)' },
];

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
  const [by, setBy] = useState<By>('model');
  const tab = TABS.find((t) => t.id === by) ?? TABS[0];
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
      setBy(next.id);
      document.getElementById(`usage-tab-${next.id}`)?.focus();
    }
  };

  return (
    <section className="card usage-table" aria-labelledby="usage-table-title">
      <div className="card-header">
        <h2 id="usage-table-title">Breakdown</h2>
      </div>
      <div className="tabs usage-tabs" role="tablist" aria-label="Group by">
        {TABS.map((t, index) => (
          <button
            key={t.id}
            id={`usage-tab-${t.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={t.id === by}
            aria-controls="usage-tab-panel"
            tabIndex={t.id === by ? 0 : -1}
            onClick={() => setBy(t.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="usage-tab-panel" role="tabpanel" aria-labelledby={`usage-tab-${by}`}>
        {failed ? (
          <p className="muted usage-table-empty">
            This grouping could not be loaded: {errors[by] ?? 'the app did not say why'}.
          </p>
        ) : rows.length === 0 ? (
          <p className="muted usage-table-empty">No requests in this range.</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{tab?.column}</th>
                <th scope="col" className="num">
                  Requests
                </th>
                <th scope="col" className="num">
                  Errors
                </th>
                <th scope="col" className="num">
                  Input tokens
                </th>
                <th scope="col" className="num">
                  Output tokens
                </th>
                <th scope="col" className="num">
                  Cached
                </th>
                <th scope="col" className="num">
                  Est. cost
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.key}>
                  <td className="mono">{g.key || tab?.none}</td>
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
