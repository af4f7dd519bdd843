import { FlaskConical, Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ModelRouteInfo } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { routeBadges } from '../../lib/model-options.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useRouteActivityStore } from '../../stores/route-activity-store.ts';
import { useRoutesStore } from '../../stores/routes-store.ts';
import { RouteFallbacks } from './RouteFallbacks.tsx';
import { RouteTestPanel } from './RouteTestPanel.tsx';
import { missingText, waitsText } from './route-form.ts';

interface RouteCardProps {
  route: ModelRouteInfo;
  onEdit: () => void;
  onDelete: () => void;
}

/** One route: its models in order with their formats, what it shadows, test, fallbacks. */
export function RouteCard({ route, onEdit, onDelete }: RouteCardProps) {
  const { t } = useTranslation();
  const models = useModelsStore((s) => s.models);
  const routes = useRoutesStore((s) => s.routes);
  const defaults = useRoutesStore((s) => s.defaults);
  const warnings = useRouteActivityStore((s) => s.warnings[route.name]);
  const running = useRouteActivityStore((s) => s.tests[route.name]?.state === 'running');
  const { test, dismissWarnings } = useRouteActivityStore.getState();
  const headingId = useId();
  const hidden = route.shadowsModel && !route.shadow;

  return (
    <section className="card route-card" aria-labelledby={headingId}>
      <div className="card-header">
        <div className="stack-sm">
          <h2 id={headingId} className="mono route-name" tabIndex={-1} data-route={route.name}>
            {route.name}
          </h2>
          <div className="row route-badges">
            <FormatBadges model={routeBadges(route, models)} />
            {route.shadow && route.shadowsModel ? (
              <span className="badge badge-translated" title={t('routes.card.shadowsTitle')}>
                {t('routes.card.shadows')}
              </span>
            ) : null}
            {hidden ? <span className="badge badge-warning">{t('routes.card.hidden')}</span> : null}
            {route.missing.length > 0 ? (
              <span className="badge badge-warning">
                {t('routes.card.missingCount', { count: route.missing.length })}
              </span>
            ) : null}
          </div>
        </div>
        <div className="form-actions route-actions">
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void test(route.name)}
            disabled={running}
            aria-busy={running}
          >
            <FlaskConical size={14} aria-hidden="true" />
            {t('routes.card.test')}
          </button>
          <button type="button" className="btn btn-sm" onClick={onEdit}>
            <Pencil size={14} aria-hidden="true" />
            {t('routes.card.edit')}
          </button>
          <button type="button" className="btn btn-sm btn-danger-ghost" onClick={onDelete}>
            <Trash2 size={14} aria-hidden="true" />
            {t('routes.card.delete')}
          </button>
        </div>
      </div>
      <div className="card-body stack">
        {hidden ? (
          <Alert kind="warning" live={false}>
            <Trans
              i18nKey="routes.card.hiddenBody"
              values={{ name: route.name }}
              components={{ name: <span className="mono" /> }}
            />
          </Alert>
        ) : null}
        {warnings ? (
          <Alert kind="warning" title={t('routes.card.savedWithWarnings')}>
            <ul className="route-warnings">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => dismissWarnings(route.name)}
            >
              {t('routes.card.dismiss')}
            </button>
          </Alert>
        ) : null}
        <ol
          className="route-models"
          aria-label={t('routes.card.modelsLabel', { name: route.name })}
        >
          {route.models.map((id, i) => {
            const model = models.find((m) => m.id === id);
            const subRoute = routes.find((r) => r.name === id && r.name !== route.name);
            const missing = route.missing.includes(id);
            return (
              <li key={`${i}-${id}`} className="route-model">
                <span className="route-model-order" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="route-model-main">
                  <span className="mono route-model-id">{id}</span>
                  <span className="route-model-facts">
                    {model ? <FormatBadges model={model} /> : null}
                    {subRoute ? (
                      <>
                        <span className="badge badge-neutral">{t('routes.card.routeBadge')}</span>
                        <FormatBadges model={routeBadges(subRoute, models)} />
                      </>
                    ) : null}
                    {missing ? (
                      <span className="route-missing">
                        <TriangleAlert size={12} aria-hidden="true" />
                        {missingText(id, warnings)}
                      </span>
                    ) : null}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
        <p className="subtle route-waits">{waitsText(route, defaults)}</p>
        <RouteTestPanel route={route} />
        <RouteFallbacks route={route} />
      </div>
    </section>
  );
}
