import { Plus, RefreshCw, Route as RouteIcon } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ModelRouteInfo } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { hashFor } from '../../lib/routes.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useRouteActivityStore } from '../../stores/route-activity-store.ts';
import { useRoutesStore } from '../../stores/routes-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { RouteCard } from './RouteCard.tsx';
import { RouteEditor } from './RouteEditor.tsx';
import './routes.css';

const NO_ROUTES: ModelRouteInfo[] = [];

/**
 * After a dialog closes on something that removed its opener (the empty state's button, a
 * deleted route's Delete), the focus goes to the route's heading or the page's, not the body.
 */
function focusAfterDialog(route: string | null): void {
  setTimeout(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const heading = route
      ? document.querySelector<HTMLElement>(`h2[data-route="${CSS.escape(route)}"]`)
      : null;
    (heading ?? document.querySelector<HTMLElement>('main h1'))?.focus();
  }, 50);
}

/** The editor: closed, a new route, or an existing one. */
type Editing = { route: ModelRouteInfo | null } | null;

export default function RoutesPage() {
  const { t } = useTranslation();
  const routes = useRoutesStore((s) => s.routes);
  const status = useRoutesStore((s) => s.status);
  const error = useRoutesStore((s) => s.error);
  const load = useRoutesStore((s) => s.load);
  const remove = useRoutesStore((s) => s.remove);
  const onRouteRemoved = useRouteActivityStore((s) => s.onRemoved);
  const modelsStatus = useModelsStore((s) => s.status);
  const modelsError = useModelsStore((s) => s.error);
  const models = useModelsStore((s) => s.models);
  const ensureModels = useModelsStore((s) => s.ensureLoaded);
  // The cards render after the page has shown, in React's interruptible pass: opening the page
  // with many routes then never blocks the main thread in one long task.
  const shown = useDeferredValue(routes, NO_ROUTES);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ModelRouteInfo | null>(null);

  useEffect(() => {
    void load();
    void ensureModels();
  }, [load, ensureModels]);

  const newButton = (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => setEditing({ route: null })}
      disabled={status !== 'ready'}
    >
      <Plus size={14} aria-hidden="true" />
      {t('routes.page.new')}
    </button>
  );

  let body;
  if (status === 'idle' || status === 'loading')
    body = <LoadingState label={t('routes.page.loading')} />;
  else if (status === 'error')
    body = (
      <ErrorState
        title={t('routes.page.loadFailed')}
        message={error ?? ''}
        onRetry={() => void load()}
      />
    );
  else if (routes.length === 0)
    body = (
      <EmptyState
        icon={<RouteIcon size={20} />}
        title={t('routes.page.emptyTitle')}
        actions={newButton}
      >
        <Trans i18nKey="routes.page.emptyBody" components={{ code: <code /> }} />
      </EmptyState>
    );
  else
    body = (
      <div className="stack">
        {error ? (
          <Alert kind="warning" title={t('routes.page.reloadFailed')}>
            {error}
          </Alert>
        ) : null}
        {shown.map((route) => (
          <RouteCard
            key={route.name}
            route={route}
            onEdit={() => setEditing({ route })}
            onDelete={() => setDeleting(route)}
          />
        ))}
      </div>
    );

  return (
    <main className="page">
      <div className="page-narrow">
        <PageHeader
          title={t('routes.page.title')}
          description={t('routes.page.description')}
          actions={
            <>
              <button
                type="button"
                className="btn btn-icon"
                aria-label={t('routes.page.reload')}
                title={t('routes.page.reload')}
                onClick={() => void load()}
                disabled={status === 'loading'}
              >
                <RefreshCw
                  size={14}
                  aria-hidden="true"
                  className={status === 'loading' ? 'spin' : undefined}
                />
              </button>
              {newButton}
            </>
          }
        />
        {modelsStatus === 'error' || (modelsStatus === 'ready' && models.length === 0) ? (
          <div className="routes-notice">
            <Alert kind="warning" title={t('routes.page.noCatalog')}>
              <Trans
                i18nKey="routes.page.noCatalogBody"
                values={{ reason: modelsError ?? t('routes.page.noModels') }}
                components={{ settings: <a href={hashFor('settings')} /> }}
              />
            </Alert>
          </div>
        ) : null}
        {body}
      </div>
      <RouteEditor
        open={editing !== null}
        route={editing?.route ?? null}
        onClose={() => setEditing(null)}
        onSaved={focusAfterDialog}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('routes.delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('routes.delete.confirm')}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove(deleting.name);
          onRouteRemoved(deleting.name);
          toast.success(t('routes.delete.done', { name: deleting.name }));
          focusAfterDialog(null);
        }}
      >
        {deleting?.shadowsModel ? (
          <Trans
            i18nKey="routes.delete.bodyShadow"
            values={{ name: deleting.name }}
            components={{ name: <strong className="mono" /> }}
          />
        ) : (
          <Trans
            i18nKey="routes.delete.body"
            values={{ name: deleting?.name ?? '' }}
            components={{ name: <strong className="mono" /> }}
          />
        )}
      </ConfirmDialog>
    </main>
  );
}
