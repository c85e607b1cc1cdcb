import type { ReactNode } from 'react';
import type { Lead } from '../../db/schema';
import { leadReference } from '../../leads/lead-summary';
import { dayWords, windowWords } from '../../rules/job-status';
import { addDays, mondayOf } from '../../rules/uk-time';
import type { ContentView } from '../../site-content/view';
import { serviceIn } from '../../site-content/view';
import { placeOf } from '../leads/LeadRow';
import { leadPath } from '../leads/paths';
import { dayPath, weekPath } from './paths';

/**
 * The schedule: booked jobs by day, a week at a time or one day as a run sheet. Phone first: each
 * job is one tap-sized link to its lead, the days stacked; the previous and next day or week are
 * plain links, so it all works without JavaScript. Printed, a day drops the menus (admin-schedule.css).
 */

interface Shared {
  jobs: Lead[];
  /** Who goes to each job (lead id → name); absent on an engineer's own schedule. */
  whoGoes?: ReadonlyMap<string, string>;
  today: string;
  content: ContentView | null;
}

const shortDay = (day: string) => dayWords(day).replace(/ \d{4}$/, '');

function serviceOf(lead: Lead, content: ContentView | null): string {
  if (!lead.service) return lead.kind === 'quote' ? 'Quote request' : 'Contact message';
  return (content && serviceIn(content, lead.service)?.title) ?? lead.service;
}

function JobItem({ lead, content, full, who }: { lead: Lead; content: ContentView | null; full: boolean; who?: string }) {
  const place = placeOf(lead.address, content) || `Ref. ${leadReference(lead.id)}`;
  return (
    <li className={`schedule-job${lead.jobStatus === 'done' ? ' schedule-job--done' : ''}`}>
      <a href={leadPath(lead.id)}>
        <span className="schedule-job__when">{windowWords(lead.bookedFrom!, lead.bookedTo!)}</span>
        <span className="schedule-job__who">{lead.name}</span>
        <span className="schedule-job__what">{`${serviceOf(lead, content)} · ${place}`}</span>
        {who && <span className="schedule-job__goes">{`Who goes: ${who}`}</span>}
        {full && lead.address && <span className="schedule-job__address print-only">{lead.address}</span>}
        {full && lead.phone && <span className="schedule-job__address print-only">{lead.phone}</span>}
        {lead.jobStatus === 'done' && <span className="schedule-job__done">Done</span>}
      </a>
    </li>
  );
}

function DayJobs({
  day,
  jobs,
  whoGoes,
  content,
  full,
}: {
  day: string;
  jobs: Lead[];
  whoGoes?: ReadonlyMap<string, string>;
  content: ContentView | null;
  full: boolean;
}) {
  const mine = jobs.filter((lead) => lead.bookedDay === day);
  if (mine.length === 0) return <p className="admin-muted schedule-empty">No visits booked.</p>;
  return (
    <ol className="schedule-jobs">
      {mine.map((lead) => (
        <JobItem key={lead.id} lead={lead} content={content} full={full} who={whoGoes?.get(lead.id)} />
      ))}
    </ol>
  );
}

/** Previous and next as short words on a phone; a screen reader hears which unit they step by. */
function StepLinks({ back, next, unit, middle }: { back: string; next: string; unit: 'day' | 'week'; middle: ReactNode }) {
  return (
    <nav className="schedule-steps no-print" aria-label="Schedule">
      <a href={back} rel="prev">
        {'← Previous'}
        <span className="visually-hidden">{` ${unit}`}</span>
      </a>
      {middle}
      <a href={next} rel="next">
        {'Next'}
        <span className="visually-hidden">{` ${unit}`}</span>
        {' →'}
      </a>
    </nav>
  );
}

export function WeekView({ jobs, whoGoes, today, content, days }: Shared & { days: string[] }) {
  const monday = days[0]!;
  const thisWeek = days.includes(today);
  return (
    <section className="admin-panel schedule">
      <h1 className="admin-title">{`Week of ${dayWords(monday)}`}</h1>
      <StepLinks
        back={weekPath(addDays(monday, -7))}
        next={weekPath(addDays(monday, 7))}
        unit="week"
        middle={thisWeek ? <a href={dayPath(today)}>Today</a> : <a href={weekPath(mondayOf(today))}>This week</a>}
      />
      {days.map((day) => (
        <section
          key={day}
          className={`schedule-day${day === today ? ' schedule-day--today' : ''}`}
          aria-labelledby={`day-${day}`}
        >
          <h2 id={`day-${day}`} className="schedule-day__title">
            <a href={dayPath(day)}>{shortDay(day)}</a>
            {day === today && <span className="schedule-today"> Today</span>}
          </h2>
          <DayJobs day={day} jobs={jobs} whoGoes={whoGoes} content={content} full={false} />
        </section>
      ))}
    </section>
  );
}

export function DayView({ jobs, whoGoes, today, content, day, monday }: Shared & { day: string; monday: string }) {
  return (
    <section className="admin-panel schedule schedule--day">
      <h1 className="admin-title">
        {dayWords(day)}
        {day === today && <span className="schedule-today"> Today</span>}
      </h1>
      <StepLinks
        back={dayPath(addDays(day, -1))}
        next={dayPath(addDays(day, 1))}
        unit="day"
        middle={<a href={weekPath(monday)}>Whole week</a>}
      />
      <DayJobs day={day} jobs={jobs} whoGoes={whoGoes} content={content} full />
    </section>
  );
}
