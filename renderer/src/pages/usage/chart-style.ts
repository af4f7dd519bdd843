import type { CSSProperties } from 'react';

// Recharts draws SVG; theme colours come from the CSS variables so both themes just work.
export const AXIS_TICK = { fill: 'var(--chart-axis)', fontSize: 11 };
export const GRID_STROKE = 'var(--chart-grid)';

export const TOOLTIP_STYLE: CSSProperties = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-border)',
  borderRadius: 6,
  boxShadow: 'var(--shadow-md)',
  color: 'var(--color-text)',
  fontSize: 12,
};

export const TOOLTIP_LABEL_STYLE: CSSProperties = {
  color: 'var(--color-text-muted)',
  marginBottom: 4,
};

export const CURSOR_FILL = { fill: 'var(--color-surface-2)' };
