import { Boxes, RefreshCw, Search } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { hashFor } from '../../lib/routes.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { ModelOverrideDialog } from './ModelOverrideDialog.tsx';
import { filterModels } from './model-rows.ts';
import { ModelsTable } from './ModelsTable.tsx';
import './models.css';

const NO_MODELS: ModelInfo[] = [];

export default function ModelsPage() {
  const { t } = useTranslation();
  const models = useModelsStore((s) => s.models);
  const status = useModelsStore((s) => s.status);
  const error = useModelsStore((s) => s.error);
  const refreshing = useModelsStore((s) => s.refreshing);
  const load = useModelsStore((s) => s.load);
  const [search, setSearch] = useState('');
  // The table (thousands of rows to sort and filter) follows in a task of its own: the page
  // shows first, and a key typed into the search is not held up by the table.
  const tableModels = useDeferredValue(models, NO_MODELS);
  const tableSearch = useDeferredValue(search);
  const [editingId, setEditingId] = useState<string | null>(null);
  // Looked up by id so the drawer shows the model as the store has it after a save.
  const editing = models.find((m) => m.id === editingId) ?? null;
  const shown = useMemo(() => filterModels(models, search).length, [models, search]);
  const onEdit = useCallback((model: ModelInfo) => setEditingId(model.id), []);

  useEffect(() => {
    void load();
  }, [load]);

  const refreshButton = (
    <button
      type="button"
      className="btn"
      onClick={() => void load({ refresh: true })}
      disabled={refreshing || status === 'loading'}
      aria-busy={refreshing}
    >
      <RefreshCw size={14} aria-hidden="true" className={refreshing ? 'spin' : undefined} />
      {refreshing ? t('models.page.refreshing') : t('models.page.refresh')}
    </button>
  );

  let body;
  if (status === 'idle' || status === 'loading')
    body = <LoadingState label={t('models.page.loading')} />;
  else if (status === 'error') {
    body = (
      <ErrorState
        title={t('models.page.loadFailed')}
        message={error ?? ''}
        onRetry={() => void load()}
      />
    );
  } else if (models.length === 0) {
    body = (
      <EmptyState
        icon={<Boxes size={20} />}
        title={t('models.page.empty.title')}
        actions={
          <a className="btn" href={hashFor('settings')}>
            {t('models.page.empty.action')}
          </a>
        }
      >
        {t('models.page.empty.body')}
      </EmptyState>
    );
  } else {
    body = (
      <ModelsTable
        models={tableModels}
        search={tableSearch}
        pending={tableModels !== models}
        onEdit={onEdit}
      />
    );
  }

  return (
    <main className="page page-fill">
      <PageHeader
        title={t('models.page.title')}
        description={t('models.page.description')}
        actions={refreshButton}
      />
      <div className="stack models-body">
        <div className="row-between">
          <div className="search-box">
            <Search size={14} aria-hidden="true" />
            <input
              className="input"
              type="search"
              aria-label={t('models.page.search')}
              placeholder={t('models.page.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="row legend" aria-label={t('models.page.legend.label')}>
            <span className="badge badge-native">{t('models.page.legend.native')}</span>
            <span className="subtle">{t('models.page.legend.nativeText')}</span>
            <span className="badge badge-translated">{t('models.page.legend.translated')}</span>
            <span className="subtle">{t('models.page.legend.translatedText')}</span>
            {status === 'ready' ? (
              <span className="muted model-count" role="status">
                {shown === models.length
                  ? t('models.page.count', { count: models.length })
                  : t('models.page.countShown', { shown, count: models.length })}
              </span>
            ) : null}
          </div>
        </div>
        {error && status === 'ready' ? (
          <Alert kind="warning" title={t('models.page.refreshFailed')}>
            {error}
          </Alert>
        ) : null}
        {body}
      </div>
      <ModelOverrideDialog model={editing} onClose={() => setEditingId(null)} />
    </main>
  );
}
