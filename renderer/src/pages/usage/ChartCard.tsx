import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ChartCardProps {
  title: string;
  /** A sentence describing the chart for screen readers (the SVG itself is not readable). */
  summary: string;
  children: ReactNode;
  actions?: ReactNode;
  empty?: boolean;
}

export function ChartCard({ title, summary, children, actions, empty = false }: ChartCardProps) {
  const { t } = useTranslation();
  return (
    <figure className="card chart-card">
      <div className="chart-card-header">
        <figcaption>
          <h2>{title}</h2>
        </figcaption>
        {actions}
      </div>
      <p className="visually-hidden">{summary}</p>
      <div className="chart-body" aria-hidden="true">
        {empty ? <p className="chart-empty">{t('usage.chart.empty')}</p> : children}
      </div>
    </figure>
  );
}
