import type { LeadCountRow, TapCountRow } from '../../db/dashboard';
import { LEAD_SOURCES } from '../../rules/lead-source';
import { TAP_CHANNELS } from '../../rules/tap-channels';

/**
 * The dashboard's numbers, added up from the grouped rows D1 returned (`leadCountsByWeek`, `tapCountsByWeek`).
 * Pure, so a test can compare every figure with the rows it seeded.
 */

/** One line of a weekly table or chart: its name and a count per week, oldest first. */
export interface Series {
  key: string;
  label: string;
  perWeek: number[];
  total: number;
}

export interface PageFigures {
  page: string;
  leads: number;
  taps: number;
}

export interface DashboardFigures {
  weekCount: number;
  leadTotal: number;
  tapTotal: number;
  leadsByForm: Series[];
  leadsBySource: Series[];
  leadsByLanding: Series[];
  tapsByChannel: Series[];
  tapsByPage: Series[];
  /** Pages by leads plus taps, most first. */
  topPages: PageFigures[];
}

const FORM_LABELS = { contact: 'Contact form', quote: 'Quote form' } as const;
const CHANNEL_LABELS = { call: 'Calls', whatsapp: 'WhatsApp', email: 'E-mail' } as const;
export const SOURCE_LABELS: Record<string, string> = {
  search: 'Search',
  advert: 'Advert',
  social: 'Social',
  direct: 'Direct',
  'other site': 'Other site',
};
/** Leads stored before attribution was recorded. */
export const NOT_RECORDED = 'not recorded';

/** Adds rows into one series per key, in `order` first and then by total (most first). */
function seriesOf<R extends { week: number; count: number }>(
  rows: readonly R[],
  weekCount: number,
  keyOf: (row: R) => string,
  labelOf: (key: string) => string,
  order: readonly string[] = [],
): Series[] {
  const byKey = new Map<string, Series>(
    order.map((key) => [key, { key, label: labelOf(key), perWeek: Array(weekCount).fill(0), total: 0 }]),
  );
  for (const row of rows) {
    const key = keyOf(row);
    let series = byKey.get(key);
    if (!series) {
      series = { key, label: labelOf(key), perWeek: Array(weekCount).fill(0), total: 0 };
      byKey.set(key, series);
    }
    series.perWeek[row.week] = (series.perWeek[row.week] ?? 0) + row.count;
    series.total += row.count;
  }
  const fixed = order.map((key) => byKey.get(key)!);
  const rest = [...byKey.values()]
    .filter((series) => !order.includes(series.key))
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
  return [...fixed, ...rest];
}

const TOP_PAGES = 10;

export function dashboardFigures(
  leadRows: readonly LeadCountRow[],
  tapRows: readonly TapCountRow[],
  weekCount: number,
): DashboardFigures {
  const bySource = seriesOf(
    leadRows,
    weekCount,
    (row) => row.source ?? NOT_RECORDED,
    (key) => SOURCE_LABELS[key] ?? 'Not recorded',
    LEAD_SOURCES,
  );
  const leadsByLanding = seriesOf(
    leadRows,
    weekCount,
    (row) => row.landing ?? NOT_RECORDED,
    (key) => (key === NOT_RECORDED ? 'Not recorded' : key),
  );
  const tapsByPage = seriesOf(
    tapRows,
    weekCount,
    (row) => row.page,
    (key) => key,
  );
  const pages = new Map<string, PageFigures>();
  const page = (key: string) => pages.get(key) ?? pages.set(key, { page: key, leads: 0, taps: 0 }).get(key)!;
  for (const series of leadsByLanding) if (series.key !== NOT_RECORDED) page(series.key).leads += series.total;
  for (const series of tapsByPage) page(series.key).taps += series.total;
  return {
    weekCount,
    leadTotal: leadRows.reduce((n, row) => n + row.count, 0),
    tapTotal: tapRows.reduce((n, row) => n + row.count, 0),
    leadsByForm: seriesOf(
      leadRows,
      weekCount,
      (row) => row.kind,
      (key) => FORM_LABELS[key as keyof typeof FORM_LABELS],
      ['contact', 'quote'],
    ),
    // "Not recorded" only when there are such leads.
    leadsBySource: bySource.filter((series) => series.key !== NOT_RECORDED || series.total > 0),
    leadsByLanding,
    tapsByChannel: seriesOf(
      tapRows,
      weekCount,
      (row) => row.channel,
      (key) => CHANNEL_LABELS[key as keyof typeof CHANNEL_LABELS],
      TAP_CHANNELS,
    ),
    tapsByPage,
    topPages: [...pages.values()]
      .sort((a, b) => b.leads + b.taps - (a.leads + a.taps) || b.leads - a.leads || a.page.localeCompare(b.page))
      .slice(0, TOP_PAGES),
  };
}
