import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WeeklyBars } from '../../src/admin/dashboard/charts';
import { dashboardFigures } from '../../src/admin/dashboard/figures';
import { lastWeeks } from '../../src/admin/dashboard/weeks';
import type { LeadCountRow, TapCountRow } from '../../src/db/dashboard';

const leads: LeadCountRow[] = [
  { week: 6, kind: 'contact', source: 'advert', landing: '/services/drain-unblocking', count: 3 },
  { week: 7, kind: 'quote', source: 'search', landing: '/free-quote', count: 2 },
  { week: 7, kind: 'contact', source: null, landing: null, count: 1 },
];
const taps: TapCountRow[] = [
  { week: 6, page: '/', channel: 'call', count: 4 },
  { week: 7, page: '/services/drain-unblocking', channel: 'whatsapp', count: 1 },
  { week: 7, page: '/services/drain-unblocking', channel: 'call', count: 2 },
];

describe('dashboardFigures', () => {
  const figures = dashboardFigures(leads, taps, 8);

  it('adds the rows up per week, in a fixed order for forms, sources and channels', () => {
    expect(figures.leadTotal).toBe(6);
    expect(figures.tapTotal).toBe(7);
    expect(figures.leadsByForm.map((s) => [s.key, s.perWeek.slice(6), s.total])).toEqual([
      ['contact', [3, 1], 4],
      ['quote', [0, 2], 2],
    ]);
    expect(figures.leadsBySource.map((s) => [s.label, s.total])).toEqual([
      ['Search', 2],
      ['Advert', 3],
      ['Social', 0],
      ['Direct', 0],
      ['Other site', 0],
      ['Not recorded', 1],
    ]);
    expect(figures.tapsByChannel.map((s) => [s.label, s.total])).toEqual([
      ['Calls', 6],
      ['WhatsApp', 1],
      ['E-mail', 0],
    ]);
  });

  it('shows "Not recorded" only when such leads exist', () => {
    const without = dashboardFigures(leads.slice(0, 2), [], 8);
    expect(without.leadsBySource.map((s) => s.label)).not.toContain('Not recorded');
  });

  it('ranks pages by leads and taps together', () => {
    expect(figures.topPages).toEqual([
      { page: '/services/drain-unblocking', leads: 3, taps: 3 },
      { page: '/', leads: 0, taps: 4 },
      { page: '/free-quote', leads: 2, taps: 0 },
    ]);
  });
});

describe('the weekly chart', () => {
  it('is an image labelled with every week’s numbers, bars scaled to the busiest week', () => {
    const weeks = lastWeeks(Date.parse('2026-11-25T12:00:00Z'));
    expect(weeks.map((w) => w.label).slice(-2)).toEqual(['16 Nov', '23 Nov']);
    const figures = dashboardFigures(leads, taps, 8);
    const svg = renderToStaticMarkup(
      <WeeklyBars
        title="Leads per week, by form"
        unit={['lead', 'leads']}
        series={figures.leadsByForm}
        weekLabels={weeks.map((w) => w.label)}
      />,
    );
    expect(svg).toContain('role="img"');
    expect(svg).toContain('week of 16 Nov, 3 leads; week of 23 Nov, 3 leads (Contact form 1, Quote form 2).');
    expect(svg).toContain('week of 5 Oct, 0 leads');
    expect(svg).not.toContain('style=');
    // Two bars in the last week, one in the week before: three rectangles.
    expect(svg.match(/<rect /g)).toHaveLength(3);
  });
});
