import { RefreshCw } from 'lucide-react';
import { useDeferredValue, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ToolInfo } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { hashFor } from '../../lib/routes.ts';
import { useLimitsStore } from '../../stores/limits-store.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useRoutesStore } from '../../stores/routes-store.ts';
import { useToolsStore } from '../../stores/tools-store.ts';
import { ToolCard } from './ToolCard.tsx';
import './tools.css';

const NO_TOOLS: ToolInfo[] = [];

export default function ToolsPage() {
  const { t } = useTranslation();
  const tools = useToolsStore((s) => s.tools);
  // The cards (each with its pickers over the catalog and the routes) render after the page has
  // shown, in React's interruptible pass, rather than in one long task.
  const shownTools = useDeferredValue(tools, NO_TOOLS);
  const status = useToolsStore((s) => s.status);
  const error = useToolsStore((s) => s.error);
  const load = useToolsStore((s) => s.load);
  const seedMappings = useToolsStore((s) => s.seedMappings);
  const models = useModelsStore((s) => s.models);
  const modelsStatus = useModelsStore((s) => s.status);
  const modelsError = useModelsStore((s) => s.error);
  const ensureModels = useModelsStore((s) => s.ensureLoaded);
  const routes = useRoutesStore((s) => s.routes);
  const loadRoutes = useRoutesStore((s) => s.load);
  const loadBudgets = useLimitsStore((s) => s.loadBudgets);

  useEffect(() => {
    void load();
    void ensureModels();
    // Routes for the pickers, budgets for the cards: without them the page still works.
    void loadRoutes();
    void loadBudgets();
  }, [load, ensureModels, loadRoutes, loadBudgets]);

  // The pickers start from the catalog once both lists are here.
  useEffect(() => {
    if (status === 'ready' && modelsStatus !== 'idle' && modelsStatus !== 'loading')
      seedMappings(models);
  }, [status, modelsStatus, models, seedMappings]);

  const refreshButton = (
    <button
      type="button"
      className="btn"
      onClick={() => {
        void load();
        void loadBudgets();
      }}
      disabled={status === 'loading'}
      aria-busy={status === 'loading'}
    >
      <RefreshCw
        size={14}
        aria-hidden="true"
        className={status === 'loading' ? 'spin' : undefined}
      />
      {t('tools.page.checkAgain')}
    </button>
  );

  let body;
  if (status === 'idle' || status === 'loading' || modelsStatus === 'loading')
    body = <LoadingState label={t('tools.page.loading')} />;
  else if (status === 'error')
    body = (
      <ErrorState
        title={t('tools.page.loadFailed')}
        message={error ?? ''}
        onRetry={() => void load()}
      />
    );
  else
    body = (
      <div className="stack">
        {error ? (
          <Alert kind="warning" title={t('tools.page.refreshFailed')}>
            {error}
          </Alert>
        ) : null}
        {modelsStatus === 'error' || models.length === 0 ? (
          <Alert kind="warning" title={t('tools.page.noCatalog')}>
            {modelsError ?? t('tools.page.noModels')}{' '}
            <Trans
              i18nKey="tools.page.typeIds"
              components={{ settings: <a href={hashFor('settings')} /> }}
            />
          </Alert>
        ) : null}
        {shownTools.map((tool) => (
          <ToolCard key={tool.id} tool={tool} models={models} routes={routes} />
        ))}
      </div>
    );

  return (
    <main className="page">
      <PageHeader
        title={t('tools.page.title')}
        description={t('tools.page.description')}
        actions={refreshButton}
      />
      {body}
    </main>
  );
}
