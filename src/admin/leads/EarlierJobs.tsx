import { useContext } from 'react';
import type { EarlierJob, MatchedBy } from '../../db/returning';
import { JOB_STATUS_LABELS } from '../../rules/job-status';
import { formatPenceBrief } from '../../rules/money';
import { londonDay, SHORT_MONTH_NAMES } from '../../rules/uk-time';
import { ContentContext } from '../../site-content/context';
import { serviceIn } from '../../site-content/view';
import { leadPath } from './paths';

/** The badge on a lead an earlier lead shares a phone, e-mail or postcode and house with. */
export const RETURNING_CUSTOMER = 'Returning customer';

const MATCHED_WORDS: Record<MatchedBy, string> = { phone: 'phone', email: 'e-mail', place: 'address' };

/** '2026-03-12' -> '12 Mar 2026'. */
function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${SHORT_MONTH_NAMES[m - 1]} ${y}`;
}

export interface EarlierJobsProps {
  jobs: readonly EarlierJob[];
  /** More earlier jobs than are listed. */
  more: boolean;
  /** Whether the signed-in person sees what jobs were worth (`seesMoney`). */
  showValues: boolean;
}

/**
 * The same customer's earlier jobs on a lead's page, newest first: the day (of the visit, or the
 * request when there was none), the service, the status and (for who sees money) the value,
 * each a link to its lead, and what matched ("Same phone").
 */
export function EarlierJobs({ jobs, more, showValues }: EarlierJobsProps) {
  const content = useContext(ContentContext);
  if (jobs.length === 0) return null;
  return (
    <section className="lead-page__section" aria-labelledby="earlier-heading">
      <h2 className="lead-page__heading" id="earlier-heading">
        Earlier jobs
      </h2>
      <ul className="inbox-list earlier-jobs">
        {jobs.map((job) => {
          const service = job.service
            ? ((content && serviceIn(content, job.service)?.title) ?? job.service)
            : job.kind === 'quote'
              ? 'Quote request'
              : 'Contact message';
          const day = job.bookedDay ?? londonDay(job.createdAt);
          return (
            <li key={job.id} className="inbox-row earlier-job">
              <a className="inbox-row__link earlier-job__link" href={leadPath(job.id)}>
                <span className="inbox-row__top earlier-job__top">
                  <time className="earlier-job__day" dateTime={day}>
                    {shortDay(day)}
                  </time>
                  <span className="earlier-job__what">{service}</span>
                </span>
                <span className="inbox-row__sub">
                  <span className={`inbox-row__status inbox-row__status--${job.jobStatus} earlier-job__status`}>
                    {JOB_STATUS_LABELS[job.jobStatus]}
                  </span>
                  {showValues && job.jobValuePence !== null && (
                    <span className="earlier-job__value">{formatPenceBrief(job.jobValuePence)}</span>
                  )}
                  <span className="earlier-job__match">{`Same ${job.matchedBy.map((by) => MATCHED_WORDS[by]).join(', ')}`}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      {more && <p className="admin-muted">{`The ${jobs.length} most recent are listed; search the leads for older ones.`}</p>}
    </section>
  );
}
