import type { SiteRecord } from '../../db/site-work';
import { NOTE_LABELS } from '../../rules/site-items';
import { durationWords, timeWords } from '../../rules/site-times';
import { formatLondon } from '../../rules/uk-time';
import { signaturePath, siteMediaPath } from './upload-routes';

/**
 * What was sent from site for a job, as the engineer and the office read it: the times (and the
 * time on site), the notes, the photos and videos, the checklist's answers and the signature.
 */

const EVENT_LABELS = { 'on-my-way': 'On my way', arrived: 'Arrived', finished: 'Finished' } as const;

/** The first time of each kind: a second tap records a row, but the first is when it happened. */
function firstTimes(record: Pick<SiteRecord, 'events'>) {
  const times: Partial<Record<keyof typeof EVENT_LABELS, number>> = {};
  for (const event of record.events) times[event.kind] ??= event.createdAt;
  return times;
}

/** Arrived to finished, when both are recorded and in that order. */
function timeOnSite(record: Pick<SiteRecord, 'events'>): string | null {
  const { arrived, finished } = firstTimes(record);
  return arrived !== undefined && finished !== undefined && finished >= arrived ? durationWords(finished - arrived) : null;
}

export function SiteTimes({ record, withDay }: { record: SiteRecord; withDay?: boolean }) {
  const times = firstTimes(record);
  const onSite = timeOnSite(record);
  const entries = (Object.keys(EVENT_LABELS) as (keyof typeof EVENT_LABELS)[]).filter((kind) => times[kind] !== undefined);
  if (entries.length === 0) return null;
  return (
    <dl className="admin-lead__details site-times">
      {entries.map((kind) => (
        <div key={kind} className="site-times__row">
          <dt>{EVENT_LABELS[kind]}</dt>
          <dd>{withDay ? formatLondon(times[kind]!) : timeWords(times[kind]!)}</dd>
        </div>
      ))}
      {onSite && (
        <div className="site-times__row">
          <dt>Time on site</dt>
          <dd>{onSite}</dd>
        </div>
      )}
    </dl>
  );
}

export function SiteNotesList({ record }: { record: SiteRecord }) {
  if (record.notes.length === 0) return null;
  return (
    <ul className="site-notes">
      {record.notes.map((note) => (
        <li key={note.itemKey} className="site-notes__note">
          {(['found', 'done', 'recommended'] as const)
            .filter((field) => note[field])
            .map((field) => (
              <p key={field} className="site-notes__text">
                <strong>{`${NOTE_LABELS[field]}: `}</strong>
                {note[field]}
              </p>
            ))}
        </li>
      ))}
    </ul>
  );
}

export function SiteMediaList({ leadId, record }: { leadId: string; record: SiteRecord }) {
  if (record.media.length === 0) return null;
  return (
    <ul className="site-media">
      {record.media.map((item) => {
        const src = siteMediaPath(leadId, item.itemKey);
        const label = `${item.stage === 'before' ? 'Before' : 'After'} the work`;
        return (
          <li key={item.itemKey} className="site-media__item">
            {item.kind === 'photo' ? (
              <a href={src}>
                <img src={src} alt={`Photo: ${label.toLowerCase()}`} loading="lazy" className="site-media__picture" />
              </a>
            ) : (
              <a href={src}>Video</a>
            )}
            <span className="site-media__label">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function SiteAnswersList({
  record,
  customerOnly,
  markCustomer,
}: {
  record: SiteRecord;
  /** The customer's report: only the answers the owner's checklist shows them. */
  customerOnly?: boolean;
  /** The office's view: say which answers the customer's report shows. */
  markCustomer?: boolean;
}) {
  const answers = customerOnly ? record.answers.filter((answer) => answer.forCustomer) : record.answers;
  if (answers.length === 0) return null;
  return (
    <dl className="admin-lead__details site-answers">
      {answers.map((answer) => (
        <div key={answer.questionId}>
          <dt>{answer.question}</dt>
          <dd>{markCustomer && answer.forCustomer ? `${answer.answer} (in the customer’s report)` : answer.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SiteSignatureView({ leadId, record }: { leadId: string; record: SiteRecord }) {
  const signature = record.signature;
  if (!signature) return null;
  if (signature.notPresent)
    return <p className="site-signature">{`Customer not present (${formatLondon(signature.createdAt)}).`}</p>;
  return (
    <figure className="site-signature">
      <img
        src={signaturePath(leadId, signature.itemKey)}
        alt={`Signature of ${signature.typedName}`}
        className="site-signature__picture"
      />
      <figcaption>{`Signed by ${signature.typedName}, ${formatLondon(signature.createdAt)}`}</figcaption>
    </figure>
  );
}
