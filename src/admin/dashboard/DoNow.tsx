import { useContext } from 'react';
import type { LeadListItem } from '../../db/admin-leads';
import type { JobsBySourceRow } from '../../db/dashboard';
import type { ErasureNotice, Lead } from '../../db/schema';
import { leadReference } from '../../leads/lead-summary';
import { dayWords, JOB_STATUS_LABELS, windowWords } from '../../rules/job-status';
import { LEAD_SOURCES } from '../../rules/lead-source';
import { formatPenceBrief } from '../../rules/money';
import { ContentContext } from '../../site-content/context';
import { ErasureNotices } from '../leads/ErasureNotices';
import { LeadRow, placeOf } from '../leads/LeadRow';
import { leadPath } from '../leads/paths';
import { ADMIN_HOME } from '../shell/home';
import { SOURCE_LABELS } from './figures';

export interface DoNowProps {
  toContact: LeadListItem[];
  toContactTotal: number;
  /** Jobs whose customer asked for a new time, whatever the visit's day. */
  rebooks: Lead[];
  rebooksTotal: number;
  bookings: Lead[];
  today: string;
  tomorrow: string;
  now: number;
  /** Erased leads' cancellations that could not be e-mailed: first, as they need a call. */
  erasureNotices: readonly ErasureNotice[];
  csrf: string;
}

/**
 * The dashboard's first screen: an erased customer's cancellation that could not be e-mailed, the
 * leads waiting for a call (ASAP first), the customers who asked for a new time (whatever the
 * visit's day), then today's and tomorrow's visits (one the customer asked to move is marked; a
 * cancelled one is not there).
 */
export function DoNow({
  toContact,
  toContactTotal,
  rebooks,
  rebooksTotal,
  bookings,
  today,
  tomorrow,
  now,
  erasureNotices,
  csrf,
}: DoNowProps) {
  const content = useContext(ContentContext);
  const day = (which: string) => bookings.filter((lead) => lead.bookedDay === which);
  return (
    <div className="do-now">
      <ErasureNotices notices={erasureNotices} csrf={csrf} back={ADMIN_HOME} />
      <section className="do-now__block" aria-labelledby="do-now-contact">
        <h2 id="do-now-contact" className="dash-block__title">
          {`Not contacted yet (${toContactTotal})`}
        </h2>
        {toContact.length === 0 ? (
          <p className="admin-muted">Everyone has been contacted.</p>
        ) : (
          <ul className="inbox-list">
            {toContact.map((item) => (
              <LeadRow key={item.lead.id} item={item} content={content} now={now} />
            ))}
          </ul>
        )}
        {toContactTotal > toContact.length && (
          <p>
            <a href="/admin/leads?status=new">{`All ${toContactTotal} not contacted`}</a>
          </p>
        )}
      </section>
      <RebooksAsked rebooks={rebooks} total={rebooksTotal} />
      {[
        ['today', 'Today', today],
        ['tomorrow', 'Tomorrow', tomorrow],
      ].map(([id, label, date]) => (
        <section key={id} className="do-now__block" aria-labelledby={`do-now-${id}`}>
          <h2 id={`do-now-${id}`} className="dash-block__title">
            {`${label}: ${dayWords(date!)}`}
          </h2>
          {day(date!).length === 0 ? (
            <p className="admin-muted">No visits booked.</p>
          ) : (
            <ul className="do-now__visits">
              {day(date!).map((lead) => (
                <li key={lead.id}>
                  <a href={leadPath(lead.id)}>
                    <strong>{windowWords(lead.bookedFrom!, lead.bookedTo!)}</strong>
                    {` ${lead.name}`}
                    {lead.jobStatus === 'rebook' && <span className="do-now__asked">{` ${JOB_STATUS_LABELS.rebook}`}</span>}
                    <span className="admin-muted">{` ${placeOf(lead.address, content) || `Ref. ${leadReference(lead.id)}`}`}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

/** Customers who asked for a new time: each a call to make, with the visit they had. */
function RebooksAsked({ rebooks, total }: { rebooks: readonly Lead[]; total: number }) {
  const content = useContext(ContentContext);
  return (
    <section className="do-now__block" aria-labelledby="do-now-rebook">
      <h2 id="do-now-rebook" className="dash-block__title">
        {`${JOB_STATUS_LABELS.rebook} (${total})`}
      </h2>
      {rebooks.length === 0 ? (
        <p className="admin-muted">Nobody is waiting for a new time.</p>
      ) : (
        <ul className="do-now__visits">
          {rebooks.map((lead) => (
            <li key={lead.id}>
              <a href={leadPath(lead.id)}>
                <strong>{lead.name}</strong>
                {lead.bookedDay && ` had ${dayWords(lead.bookedDay)}, ${windowWords(lead.bookedFrom!, lead.bookedTo!)}`}
                <span className="admin-muted">{` ${placeOf(lead.address, content) || `Ref. ${leadReference(lead.id)}`}`}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {total > rebooks.length && (
        <p>
          <a href="/admin/leads?status=rebook">{`All ${total} asked to rebook`}</a>
        </p>
      )}
    </section>
  );
}

/** Leads, booked jobs and the value of jobs done by where the lead came from, for the dashboard's 8 weeks. */
export function JobsBySourceTable({ rows }: { rows: readonly JobsBySourceRow[] }) {
  const order = [...LEAD_SOURCES, null];
  const sorted = order.map((source) => rows.find((row) => row.source === source)).filter((row) => row !== undefined);
  const total = rows.reduce(
    (sum, row) => ({ leads: sum.leads + row.leads, booked: sum.booked + row.booked, value: sum.value + row.valuePence }),
    {
      leads: 0,
      booked: 0,
      value: 0,
    },
  );
  return (
    <table className="dash-table">
      <caption className="visually-hidden">Leads, booked jobs and job value by source</caption>
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Leads</th>
          <th scope="col">Booked</th>
          <th scope="col">Job value</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={row.source ?? 'none'}>
            <th scope="row">{row.source ? SOURCE_LABELS[row.source] : 'Not recorded'}</th>
            <td>{row.leads}</td>
            <td>{row.booked}</td>
            <td>{formatPenceBrief(row.valuePence)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">All</th>
          <td>{total.leads}</td>
          <td>{total.booked}</td>
          <td>{formatPenceBrief(total.value)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
