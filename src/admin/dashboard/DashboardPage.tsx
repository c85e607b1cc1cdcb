import type { ReactNode } from 'react';
import type { JobsBySourceRow } from '../../db/dashboard';
import { AnswerSpeedTable } from './AnswerSpeed';
import type { WeekAnswerSpeed } from './answer-speed';
import { Legend, WeeklyBars, type WeeklyProps } from './charts';
import { DoNow, type DoNowProps, JobsBySourceTable } from './DoNow';
import { type DashboardFigures, NOT_RECORDED } from './figures';
import { MoneyBlock, type MoneyView } from './money';
import { PageSeriesTable, SeriesSummary, TopPagesTable, WeeklyTable } from './tables';
import type { Week } from './weeks';

export interface DashboardPageProps {
  figures: DashboardFigures;
  weeks: Week[];
  doNow: DoNowProps;
  jobs: JobsBySourceRow[];
  answerSpeed: WeekAnswerSpeed[];
}

const LEADS: [string, string] = ['lead', 'leads'];
const TAPS: [string, string] = ['tap', 'taps'];

/**
 * A chart with its key, the numbers that fit a phone beside it, and every week's numbers one
 * tap away.
 */
function WeeklyFigure({ title, unit, series, weekLabels }: WeeklyProps) {
  return (
    <div className="dash-figure">
      <div className="dash-figure__chart">
        <WeeklyBars title={title} unit={unit} series={series} weekLabels={weekLabels} />
        <Legend series={series} />
      </div>
      <div>
        <SeriesSummary caption={`${title}: this week, last week and 8 weeks`} series={series} />
        <details className="dash-notes">
          <summary>Week by week</summary>
          <WeeklyTable caption={title} series={series} weekLabels={weekLabels} />
        </details>
      </div>
    </div>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="dash-block" aria-labelledby={id}>
      <h2 id={id} className="dash-block__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

const SOURCE_MEANINGS: [string, string][] = [
  ['Advert', 'the link carried a Google Ads click id (gclid) or paid utm tags (cpc, ppc, paid…)'],
  ['Search', 'a search engine sent the visitor (Google, Bing, DuckDuckGo…), without an advert'],
  ['Social', 'a social network sent the visitor (Facebook, Instagram, Nextdoor, X…)'],
  ['Direct', 'no other site and no campaign tags: a typed address, a bookmark, an app'],
  ['Other site', 'any other website or tagged link (a directory, a newsletter)'],
];

/** The owner's first page: what to do now, then where the work came from over the last 8 weeks. */
export function DashboardPage({ figures, weeks, doNow, jobs, answerSpeed, money }: DashboardPageProps & { money?: MoneyView }) {
  const weekLabels = weeks.map((week) => week.label);
  const [calls, whatsapp, email] = figures.tapsByChannel.map((s) => s.total);
  const notRecorded = figures.leadsBySource.find((s) => s.key === NOT_RECORDED)?.total ?? 0;
  return (
    <section className="admin-panel dash">
      <div className="admin-heading">
        <h1 className="admin-title">Dashboard</h1>
      </div>
      <DoNow {...doNow} />
      {money && <MoneyBlock money={money} />}
      <h2 className="dash-block__title">The last 8 weeks</h2>
      <p className="admin-muted">{`The last 8 weeks, from Monday ${weeks[0]?.label} to today (UK time); this week is the last row.`}</p>
      <dl className="dash-totals">
        <div>
          <dt>Leads</dt>
          <dd>{figures.leadTotal.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Call taps</dt>
          <dd>{(calls ?? 0).toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>WhatsApp taps</dt>
          <dd>{(whatsapp ?? 0).toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>E-mail taps</dt>
          <dd>{(email ?? 0).toLocaleString('en-GB')}</dd>
        </div>
      </dl>

      <Block id="dash-answer" title="How fast leads are answered">
        <p className="admin-muted">
          The median time from a request arriving to its first status change (contacted, booked, done or lost) or its first tap on
          the Call or WhatsApp button of the lead's page, by the week it arrived. Alerts on your phone (Alerts, in the menu)
          should bring it down.
        </p>
        <AnswerSpeedTable speeds={answerSpeed} weekLabels={weekLabels} />
      </Block>

      <Block id="dash-jobs" title="Booked jobs and job value, by source">
        <p className="admin-muted">
          The leads that arrived in these 8 weeks, by where they came from: how many were booked, and what the jobs done were
          worth (the values entered when marking them done).
        </p>
        <JobsBySourceTable rows={jobs} />
      </Block>

      <Block id="dash-pages" title="Pages that bring most work">
        <p className="admin-muted">Leads by the page the visitor landed on, and taps by the page they were on.</p>
        <TopPagesTable pages={figures.topPages} />
        <ul className="dash-legend">
          <li>
            <span className="dash-swatch dash-bg-0" aria-hidden="true" />
            Leads
          </li>
          <li>
            <span className="dash-swatch dash-bg-2" aria-hidden="true" />
            Taps
          </li>
        </ul>
      </Block>

      <Block id="dash-forms" title="Leads per week, by form">
        <WeeklyFigure title="Leads per week, by form" unit={LEADS} series={figures.leadsByForm} weekLabels={weekLabels} />
      </Block>

      <Block id="dash-sources" title="Leads per week, by source">
        <WeeklyFigure title="Leads per week, by source" unit={LEADS} series={figures.leadsBySource} weekLabels={weekLabels} />
        <details className="dash-notes">
          <summary>What the sources mean</summary>
          <dl>
            {SOURCE_MEANINGS.map(([name, meaning]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{meaning}.</dd>
              </div>
            ))}
          </dl>
          <p>
            Without cookies the site sees one step back: the page before the form, and the site or advert that sent the visitor to
            it. A visitor who browsed several pages first, or came back another day, counts as direct.
            {notRecorded > 0 ? ' "Not recorded" leads arrived before the site recorded sources.' : ''}
          </p>
        </details>
      </Block>

      <Block id="dash-landing" title="Leads by landing page">
        <p className="admin-muted">The page the visitor was on before the form, or the form page when they arrived on it.</p>
        <PageSeriesTable caption="Leads by landing page" series={figures.leadsByLanding} weekLabels={weekLabels} unit={LEADS} />
      </Block>

      <Block id="dash-channels" title="Taps per week, by channel">
        <WeeklyFigure title="Taps per week, by channel" unit={TAPS} series={figures.tapsByChannel} weekLabels={weekLabels} />
        <p className="admin-muted">
          A tap is counted when a visitor taps a phone, WhatsApp or e-mail link on the site. Firefox, and some privacy settings
          and browsers, do not report taps, so the real number is higher: read these as a trend. Calls dialled from a number
          copied or remembered are not seen at all.
        </p>
      </Block>

      <Block id="dash-tap-pages" title="Taps by page">
        <PageSeriesTable caption="Taps by page" series={figures.tapsByPage} weekLabels={weekLabels} unit={TAPS} />
      </Block>
    </section>
  );
}
