import type { ReactNode } from 'react';
import ScheduleSwipe from '../../../client/admin/islands/ScheduleSwipe';
import { Island } from '../../components/Island';
import type { Lead } from '../../db/schema';
import { leadReference } from '../../leads/lead-summary';
import { dayWords, windowWords } from '../../rules/job-status';
import { addDays, mondayOf } from '../../rules/uk-time';
import type { ContentView } from '../../site-content/view';
import { serviceIn } from '../../site-content/view';
import { placeOf } from '../leads/LeadRow';
import { jobPath, leadPath } from '../leads/paths';
import { dayPath, weekPath } from './paths';

/**
 * The schedule: booked jobs by day, a week at a time or one day as a run sheet. Phone first: each
 * job is one tap-sized link to its lead, the days stacked; the previous and next day or week are
 * plain links, so it all works without JavaScript (a swipe only clicks them). Printed, a day drops the
 * menus and is a run sheet: each job's address, phone, the customer's message and the owner's notes
 * (admin-schedule.css). A visit the customer asked to move stays on its old day, marked as needing a
 * new date rather than shown as a firm visit.
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

/** The owner's notes of each job, by lead id: only the day's run sheet carries them. */
export type JobNotes = Record<string, string[]>;

function JobItem({
  lead,
  content,
  notes,
  who,
  sheet,
}: {
  lead: Lead;
  content: ContentView | null;
  notes?: string[];
  who?: string;
  /** An engineer's schedule: each job opens its job sheet (the office's opens the lead). */
  sheet: boolean;
}) {
  const place = placeOf(lead.address, content) || `Ref. ${leadReference(lead.id)}`;
  const window = windowWords(lead.bookedFrom!, lead.bookedTo!);
  const rebook = lead.jobStatus === 'rebook';
  return (
    <li className={`schedule-job schedule-job--${lead.jobStatus}`}>
      <a href={sheet ? jobPath(lead.id) : leadPath(lead.id)}>
        <span className="schedule-job__when">{rebook ? `Was ${window}` : window}</span>
        <span className="schedule-job__who">{lead.name}</span>
        <span className="schedule-job__what">{`${serviceOf(lead, content)} · ${place}`}</span>
        {who && <span className="schedule-job__goes">{`Who goes: ${who}`}</span>}
        {notes && lead.address && <span className="schedule-job__address print-only">{lead.address}</span>}
        {notes && lead.phone && <span className="schedule-job__address print-only">{lead.phone}</span>}
        {notes && lead.message && <span className="schedule-job__note print-only">{`Their message: ${lead.message}`}</span>}
        {notes?.map((note, i) => (
          <span key={i} className="schedule-job__note print-only">{`Note: ${note}`}</span>
        ))}
        {lead.jobStatus === 'done' && <span className="schedule-job__done">Done</span>}
        {rebook && <span className="schedule-job__done schedule-job__rebook">Asked to rebook: needs a new date</span>}
      </a>
    </li>
  );
}

function DayJobs({
  day,
  jobs,
  whoGoes,
  content,
  notes,
}: {
  day: string;
  jobs: Lead[];
  whoGoes?: ReadonlyMap<string, string>;
  content: ContentView | null;
  notes?: JobNotes;
}) {
  const mine = jobs.filter((lead) => lead.bookedDay === day);
  if (mine.length === 0) return <p className="admin-muted schedule-empty">No visits booked.</p>;
  return (
    <ol className="schedule-jobs">
      {mine.map((lead) => (
        <JobItem
          key={lead.id}
          lead={lead}
          content={content}
          notes={notes && (notes[lead.id] ?? [])}
          who={whoGoes?.get(lead.id)}
          sheet={whoGoes === undefined}
        />
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
      <Island name="ScheduleSwipe" component={ScheduleSwipe} props={{}} />
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
          <DayJobs day={day} jobs={jobs} whoGoes={whoGoes} content={content} />
        </section>
      ))}
    </section>
  );
}

export function DayView({
  jobs,
  whoGoes,
  today,
  content,
  day,
  monday,
  notes,
}: Shared & { day: string; monday: string; notes: JobNotes }) {
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
      <DayJobs day={day} jobs={jobs} whoGoes={whoGoes} content={content} notes={notes} />
    </section>
  );
}
