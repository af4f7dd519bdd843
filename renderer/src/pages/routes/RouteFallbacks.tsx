import { ChevronDown, ChevronRight, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelRouteInfo } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { ModelAttempts } from '../../components/ModelAttempts.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { askedAndAnswered, attemptsOf } from '../../format/attempts.ts';
import { formatLogTotal } from '../../format/log-total.ts';
import { formatDateTime } from '../../format/time.ts';
import { openLogEntry, openRouteFallbacks } from '../../lib/open-logs.ts';
import { RECENT_FALLBACKS, useRouteActivityStore } from '../../stores/route-activity-store.ts';

/** The route's last requests that moved on to another model, each with why; on demand. */
export function RouteFallbacks({ route }: { route: ModelRouteInfo }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const list = useRouteActivityStore((s) => s.fallbacks[route.name]);
  const loadFallbacks = useRouteActivityStore((s) => s.loadFallbacks);
  const regionId = useId();

  const toggle = () => {
    if (!open) void loadFallbacks(route.name);
    setOpen(!open);
  };

  let content = null;
  if (open) {
    if (!list || (list.status === 'loading' && list.rows.length === 0))
      content = (
        <p className="row muted" role="status">
          <Spinner size={14} /> {t('routes.fallbacks.loading')}
        </p>
      );
    else if (list.status === 'error')
      content = (
        <Alert kind="error" title={t('routes.fallbacks.loadFailed')}>
          <p>{list.error}</p>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void loadFallbacks(route.name)}
          >
            {t('routes.fallbacks.retry')}
          </button>
        </Alert>
      );
    else if (list.rows.length === 0)
      content = <p className="muted">{t('routes.fallbacks.none', { name: route.name })}</p>;
    else
      content = (
        <ul className="route-fallback-list">
          {list.rows.map((entry) => (
            <li key={entry.requestId} className="route-fallback">
              <div className="route-fallback-head">
                <time dateTime={new Date(entry.startedAt).toISOString()}>
                  {formatDateTime(entry.startedAt)}
                </time>
                <span className="mono">{askedAndAnswered(entry)}</span>
                {entry.client ? <span className="subtle">{entry.client}</span> : null}
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  onClick={() => openLogEntry(entry.requestId)}
                >
                  {t('routes.fallbacks.openInLogs')}
                </button>
              </div>
              <ModelAttempts
                attempts={attemptsOf(entry)}
                label={t('routes.fallbacks.attempts', { time: formatDateTime(entry.startedAt) })}
              />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <div className="route-fallbacks">
      <div className="row-between">
        <button
          type="button"
          className="btn btn-sm btn-ghost route-disclosure"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={toggle}
        >
          {open ? (
            <ChevronDown size={14} aria-hidden="true" />
          ) : (
            <ChevronRight size={14} aria-hidden="true" />
          )}
          {t('routes.fallbacks.title')}
        </button>
        {open ? (
          <div className="form-actions">
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => void loadFallbacks(route.name)}
              disabled={list?.status === 'loading'}
            >
              <RefreshCw
                size={14}
                aria-hidden="true"
                className={list?.status === 'loading' ? 'spin' : undefined}
              />
              {t('routes.fallbacks.refresh')}
            </button>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => openRouteFallbacks(route.name)}
            >
              {list?.total && list.total.count > RECENT_FALLBACKS
                ? t('routes.fallbacks.allInLogsCount', { total: formatLogTotal(list.total) })
                : t('routes.fallbacks.allInLogs')}
            </button>
          </div>
        ) : null}
      </div>
      <div id={regionId} hidden={!open}>
        {content}
      </div>
    </div>
  );
}
