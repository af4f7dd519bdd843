import { X } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import {
  EMPTY_LOG_FORM,
  isFiltered,
  type LogFilterForm,
  type LogTimeRange,
} from '../../stores/log-filter.ts';
import { useLogsStore } from '../../stores/logs-store.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useRoutesStore } from '../../stores/routes-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';

/** A text field that applies its value after typing pauses, not on every keystroke. */
function useDebounced(value: string, apply: (v: string) => void, current: string) {
  useEffect(() => {
    if (value === current) return;
    const timer = setTimeout(() => apply(value), 300);
    return () => clearTimeout(timer);
  }, [value, apply, current]);
}

/** The filter bar. Memoised: the page redraws with each batch of live rows, the bar need not. */
export const LogFilters = memo(function LogFilters() {
  const { t } = useTranslation();
  const form = useLogsStore((s) => s.form);
  const setForm = useLogsStore((s) => s.setForm);
  const resetForm = useLogsStore((s) => s.resetForm);
  const models = useModelsStore((s) => s.models);
  const tokens = useTokensStore((s) => s.tokens);
  const routes = useRoutesStore((s) => s.routes);
  const [draft, setDraft] = useState<
    Pick<LogFilterForm, 'model' | 'client' | 'modelRoute' | 'text'>
  >({
    model: form.model,
    client: form.client,
    modelRoute: form.modelRoute,
    text: form.text,
  });

  // The form changed from elsewhere (a route's "Open in Logs"): each field follows its own.
  useEffect(() => setDraft((d) => ({ ...d, model: form.model })), [form.model]);
  useEffect(() => setDraft((d) => ({ ...d, client: form.client })), [form.client]);
  useEffect(() => setDraft((d) => ({ ...d, modelRoute: form.modelRoute })), [form.modelRoute]);
  useEffect(() => setDraft((d) => ({ ...d, text: form.text })), [form.text]);

  useDebounced(draft.text, (text) => setForm({ text }), form.text);
  useDebounced(draft.model, (model) => setForm({ model }), form.model);
  useDebounced(draft.client, (client) => setForm({ client }), form.client);
  useDebounced(draft.modelRoute, (modelRoute) => setForm({ modelRoute }), form.modelRoute);

  const active = isFiltered(form);
  const ranges: { value: LogTimeRange; label: string }[] = [
    { value: 'all', label: t('logs.filters.range.all') },
    { value: '15m', label: t('logs.filters.range.last15m') },
    { value: '1h', label: t('logs.filters.range.last1h') },
    { value: '24h', label: t('logs.filters.range.last24h') },
    { value: '7d', label: t('logs.filters.range.last7d') },
    { value: '30d', label: t('logs.filters.range.last30d') },
  ];

  return (
    <form
      className="log-filters"
      role="search"
      aria-label={t('logs.filters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <Field label={t('logs.filters.search')} className="filter-text">
        {(p) => (
          <input
            {...p}
            className="input"
            type="search"
            placeholder={t('logs.filters.searchPlaceholder')}
            value={draft.text}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('logs.filters.model')}>
        {(p) => (
          <input
            {...p}
            className="input"
            list="log-filter-models"
            placeholder={t('logs.filters.anyModel')}
            value={draft.model}
            onChange={(e) => setDraft({ ...draft, model: e.target.value })}
          />
        )}
      </Field>
      <datalist id="log-filter-models">
        {routes.map((r) => (
          <option key={`route:${r.name}`} value={r.name} />
        ))}
        {models.map((m) => (
          <option key={m.id} value={m.id} />
        ))}
      </datalist>
      <Field label={t('logs.filters.route')}>
        {(p) => (
          <input
            {...p}
            className="input"
            list="log-filter-routes"
            placeholder={t('logs.filters.anyRoute')}
            value={draft.modelRoute}
            onChange={(e) => setDraft({ ...draft, modelRoute: e.target.value })}
          />
        )}
      </Field>
      <datalist id="log-filter-routes">
        {routes.map((r) => (
          <option key={r.name} value={r.name} />
        ))}
      </datalist>
      <Field label={t('logs.filters.client')}>
        {(p) => (
          <input
            {...p}
            className="input"
            list="log-filter-clients"
            placeholder={t('logs.filters.anyClient')}
            value={draft.client}
            onChange={(e) => setDraft({ ...draft, client: e.target.value })}
          />
        )}
      </Field>
      <datalist id="log-filter-clients">
        {tokens.map((t) => (
          <option key={t.id} value={t.name} />
        ))}
      </datalist>
      <Field label={t('logs.filters.status')}>
        {(p) => (
          <select
            {...p}
            className="select"
            value={form.status}
            onChange={(e) => setForm({ status: e.target.value as LogFilterForm['status'] })}
          >
            <option value="">{t('logs.filters.anyStatus')}</option>
            <option value="ok">{t('logs.filters.statusOk')}</option>
            <option value="error">{t('logs.filters.statusError')}</option>
            <option value="fellBack">{t('logs.filters.statusFellBack')}</option>
          </select>
        )}
      </Field>
      <Field label={t('logs.filters.time')}>
        {(p) => (
          <select
            {...p}
            className="select"
            value={form.range}
            onChange={(e) => setForm({ range: e.target.value as LogTimeRange })}
          >
            {ranges.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button
        type="button"
        className="btn btn-ghost clear-filters"
        disabled={!active}
        onClick={() => {
          setDraft({
            model: EMPTY_LOG_FORM.model,
            client: EMPTY_LOG_FORM.client,
            modelRoute: EMPTY_LOG_FORM.modelRoute,
            text: EMPTY_LOG_FORM.text,
          });
          resetForm();
        }}
      >
        <X size={14} aria-hidden="true" />
        {t('logs.filters.clear')}
      </button>
    </form>
  );
});
