import { labelEvery, niceTicks } from './chart-scale.ts';
import { useElementWidth } from './use-element-width.ts';

interface BarSeries {
  name: string;
  color: string;
}

interface TimeBarChartProps {
  /** One bar per bucket; `values` stacked bottom-up in the order of `series`. */
  points: { at: number; values: number[] }[];
  series: BarSeries[];
  height: number;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  formatTime: (ms: number) => string;
  /** The bucket's full name, for the hover title ("3 Nov 2026, 14:00"). */
  formatBucket: (ms: number) => string;
  axisWidth: number;
}

const TOP = 8;
const BOTTOM = 22;
const LABEL_WIDTH = 64;

/**
 * Totals per bucket as bars, never a curve: nothing is drawn between buckets, because nothing
 * is known there. Plain SVG, so the Usage page needs no charting library.
 */
export function TimeBarChart(props: TimeBarChartProps) {
  const { points, series, height, axisWidth } = props;
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const totals = points.map((p) => p.values.reduce((n, v) => n + v, 0));
  const ticks = niceTicks(Math.max(0, ...totals));
  const top = ticks.at(-1) || 1;
  const plotWidth = Math.max(0, width - axisWidth);
  const plotHeight = height - TOP - BOTTOM;
  const band = points.length ? plotWidth / points.length : 0;
  const barWidth = Math.max(1, Math.min(48, band * 0.72));
  const every = labelEvery(points.length, plotWidth, LABEL_WIDTH);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;

  return (
    <div ref={ref} className="svg-chart">
      {width > 0 && (
        <svg width={width} height={height} className="svg-chart-surface">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={axisWidth} x2={width} y1={y(t)} y2={y(t)} className="svg-chart-grid" />
              <text x={axisWidth - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {props.formatTick(t)}
              </text>
            </g>
          ))}
          {points.map((p, i) => {
            const x = axisWidth + i * band + (band - barWidth) / 2;
            let base = 0;
            const title = [
              props.formatBucket(p.at),
              ...series.map((s, k) => `${s.name}: ${props.formatValue(p.values[k] ?? 0)}`),
            ].join('\n');
            return (
              <g key={p.at} className="svg-chart-bar">
                <title>{title}</title>
                {/* The whole band answers the hover, not just the (maybe tiny) bar. */}
                <rect
                  x={axisWidth + i * band}
                  y={TOP}
                  width={band}
                  height={plotHeight}
                  fill="transparent"
                />
                {p.values.map((v, k) => {
                  const from = base;
                  base += v;
                  if (v <= 0) return null;
                  return (
                    <rect
                      key={series[k]?.name ?? k}
                      x={x}
                      y={y(base)}
                      width={barWidth}
                      height={Math.max(1, y(from) - y(base))}
                      fill={series[k]?.color}
                    />
                  );
                })}
                {i % every === 0 && (
                  <text x={x + barWidth / 2} y={height - 6} textAnchor="middle">
                    {props.formatTime(p.at)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {series.length > 1 && (
        <ul className="svg-chart-legend">
          {series.map((s) => (
            <li key={s.name}>
              <span className="svg-chart-swatch" style={{ background: s.color }} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
