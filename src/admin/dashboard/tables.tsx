import { PageBar, WeekSpark } from './charts';
import type { PageFigures, Series } from './figures';

/** The dashboard's tables: the exact numbers beside each chart. */

const formatCount = (n: number) => n.toLocaleString('en-GB');

/** A page's path, allowed to break after its slashes and hyphens rather than mid-word. */
function PagePath({ path }: { path: string }) {
  const parts = path.split(/(?<=[/-])/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </span>
      ))}
    </>
  );
}

/** Series down, with this week, last week and all 8 weeks: what fits a phone beside a chart. */
export function SeriesSummary({ caption, series }: { caption: string; series: Series[] }) {
  const weeks = series[0]?.perWeek.length ?? 0;
  const columns: { heading: string; of: (s: Series) => number }[] = [
    { heading: 'This week', of: (s) => s.perWeek[weeks - 1] ?? 0 },
    { heading: 'Last week', of: (s) => s.perWeek[weeks - 2] ?? 0 },
    { heading: `${weeks} weeks`, of: (s) => s.total },
  ];
  return (
    <table className="dash-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <td />
          {columns.map((column) => (
            <th key={column.heading} scope="col">
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {series.map((s) => (
          <tr key={s.key}>
            <th scope="row">{s.label}</th>
            {columns.map((column) => (
              <td key={column.heading}>{formatCount(column.of(s))}</td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          {columns.map((column) => (
            <td key={column.heading}>{formatCount(series.reduce((n, s) => n + column.of(s), 0))}</td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}

/** Weeks down, series across, with each week's total and each series' total. */
export function WeeklyTable({ caption, series, weekLabels }: { caption: string; series: Series[]; weekLabels: string[] }) {
  const totals = weekLabels.map((_, week) => series.reduce((n, s) => n + (s.perWeek[week] ?? 0), 0));
  return (
    <div className="dash-scroll">
      <table className="dash-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {weekLabels.map((week, i) => (
            <tr key={week}>
              <th scope="row">{week}</th>
              {series.map((s) => (
                <td key={s.key}>{formatCount(s.perWeek[i] ?? 0)}</td>
              ))}
              <td className="dash-table__total">{formatCount(totals[i]!)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">8 weeks</th>
            {series.map((s) => (
              <td key={s.key}>{formatCount(s.total)}</td>
            ))}
            <td className="dash-table__total">{formatCount(totals.reduce((a, b) => a + b, 0))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** One page per row: its weeks as small bars, and its total. */
export function PageSeriesTable({
  caption,
  series,
  weekLabels,
  unit,
  limit = 10,
}: {
  caption: string;
  series: Series[];
  weekLabels: string[];
  unit: [string, string];
  limit?: number;
}) {
  if (series.length === 0) return <p className="admin-muted">None in these weeks.</p>;
  const shown = series.slice(0, limit);
  return (
    <div className="dash-scroll">
      <table className="dash-table dash-table--pages">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Weeks</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s) => (
            <tr key={s.key}>
              <th scope="row" className="dash-table__page">
                <PagePath path={s.label} />
              </th>
              <td>
                <WeekSpark perWeek={s.perWeek} weekLabels={weekLabels} unit={unit} />
              </td>
              <td className="dash-table__total">{formatCount(s.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {series.length > shown.length && <p className="admin-muted">{`And ${series.length - shown.length} more.`}</p>}
    </div>
  );
}

/** The pages that bring most leads and taps together. */
export function TopPagesTable({ pages }: { pages: PageFigures[] }) {
  if (pages.length === 0) return <p className="admin-muted">No leads or taps in these weeks.</p>;
  const max = Math.max(...pages.map((p) => p.leads + p.taps));
  return (
    <div className="dash-scroll">
      <table className="dash-table dash-table--pages">
        <caption className="visually-hidden">Pages by leads and taps over 8 weeks</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Leads</th>
            <th scope="col">Taps</th>
            <th scope="col" className="dash-table__bar">
              <span className="visually-hidden">Leads and taps</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pages.map((p) => (
            <tr key={p.page}>
              <th scope="row" className="dash-table__page">
                <PagePath path={p.page} />
              </th>
              <td>{formatCount(p.leads)}</td>
              <td>{formatCount(p.taps)}</td>
              <td className="dash-table__bar">
                <PageBar leads={p.leads} taps={p.taps} max={max} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
