import type { Series } from './figures';

/**
 * Bar charts drawn on the server as SVG: no script, no library, scaled to the screen by their
 * viewBox. Each is an image with its numbers in its label, and a table with the same numbers
 * sits beside it. Colours come from admin.css classes (the CSP allows no inline styles).
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The largest number a chart must fit, rounded up to a tidy scale. */
function scaleMax(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / (step / 2)) * (step / 2);
}

const W = 320;
const H = 150;
const TOP = 14;
const BOTTOM = 20;
const LEFT = 22;

/** A weekly figure: its title, its unit (one, many), one series per colour, a label per week. */
export interface WeeklyProps {
  title: string;
  unit: [string, string];
  series: Series[];
  weekLabels: string[];
}

/** Stacked bars, one per week, one colour per series (in the order of `series`). */
export function WeeklyBars({ title, unit, series, weekLabels }: WeeklyProps) {
  const totals = weekLabels.map((_, week) => series.reduce((n, s) => n + (s.perWeek[week] ?? 0), 0));
  const max = scaleMax(Math.max(0, ...totals));
  const plot = H - TOP - BOTTOM;
  const slot = (W - LEFT) / weekLabels.length;
  const barWidth = slot * 0.62;
  const label = `${title}: ${weekLabels
    .map((week, i) => {
      const parts = series.filter((s) => (s.perWeek[i] ?? 0) > 0).map((s) => `${s.label} ${s.perWeek[i]}`);
      return `week of ${week}, ${plural(totals[i]!, unit[0], unit[1])}${parts.length > 1 ? ` (${parts.join(', ')})` : ''}`;
    })
    .join('; ')}.`;
  return (
    <svg className="dash-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <line className="dash-chart__axis" x1={LEFT} x2={W} y1={TOP} y2={TOP} />
      <line className="dash-chart__axis" x1={LEFT} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} />
      <text className="dash-chart__scale" x={LEFT - 4} y={TOP + 3} textAnchor="end">
        {max}
      </text>
      <text className="dash-chart__scale" x={LEFT - 4} y={H - BOTTOM + 3} textAnchor="end">
        0
      </text>
      {weekLabels.map((week, i) => {
        const x = LEFT + i * slot + (slot - barWidth) / 2;
        let y = H - BOTTOM;
        return (
          <g key={week}>
            {series.map((s, k) => {
              const value = s.perWeek[i] ?? 0;
              if (value === 0) return null;
              const height = (value / max) * plot;
              y -= height;
              return <rect key={s.key} className={`dash-fill-${k % 6}`} x={x} y={y} width={barWidth} height={height} />;
            })}
            {totals[i]! > 0 && (
              <text className="dash-chart__value" x={x + barWidth / 2} y={y - 3} textAnchor="middle">
                {totals[i]}
              </text>
            )}
            <text className="dash-chart__week" x={x + barWidth / 2} y={H - 6} textAnchor="middle">
              {week}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The colour key of a WeeklyBars chart. */
export function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="dash-legend">
      {series.map((s, k) => (
        <li key={s.key}>
          <span className={`dash-swatch dash-bg-${k % 6}`} aria-hidden="true" />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** Eight small bars in a table row: a page's weeks at a glance. */
export function WeekSpark({ perWeek, weekLabels, unit }: { perWeek: number[]; weekLabels: string[]; unit: [string, string] }) {
  const max = Math.max(1, ...perWeek);
  const slot = 64 / perWeek.length;
  const label = `Per week: ${perWeek.map((n, i) => `${weekLabels[i]} ${plural(n, unit[0], unit[1])}`).join(', ')}`;
  return (
    <svg className="dash-spark" viewBox="0 0 64 20" role="img" aria-label={label}>
      {perWeek.map((n, i) => {
        const height = n === 0 ? 1 : Math.max(2, (n / max) * 20);
        return (
          <rect
            key={weekLabels[i]}
            className={n === 0 ? 'dash-spark__none' : 'dash-fill-0'}
            x={i * slot + 1}
            y={20 - height}
            width={slot - 2}
            height={height}
          />
        );
      })}
    </svg>
  );
}

/** A page's leads and taps as one bar, against the page with the most. */
export function PageBar({ leads, taps, max }: { leads: number; taps: number; max: number }) {
  const scale = 100 / Math.max(1, max);
  return (
    <svg className="dash-pagebar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
      <rect className="dash-fill-0" x={0} y={0} width={leads * scale} height={10} />
      <rect className="dash-fill-2" x={leads * scale} y={0} width={taps * scale} height={10} />
    </svg>
  );
}
