import { buttonClass } from '../../components/button';
import { inReport, type SiteRecord } from '../../db/site-work';
import { CSRF_FIELD } from '../auth/session';
import { SiteAnswersList, SiteNotesList, SiteSignatureView, SiteTimes } from './SiteRecordView';
import { siteMediaPath } from './upload-routes';

/**
 * What the engineer sent from site, on the office's lead page (issue 50): the times with the time
 * on site, the notes, the checklist's answers (those the customer's report shows are marked), the
 * signature, and the photos with the owner's choice of those in the customer's report.
 */

const reportPhotosPath = (leadId: string) => `/admin/leads/${leadId}/site/report-photos`;

function ReportPhotosForm({ leadId, record, csrf }: { leadId: string; record: SiteRecord; csrf: string }) {
  if (record.media.length === 0) return null;
  return (
    <form method="post" action={reportPhotosPath(leadId)} className="site-form">
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <ul className="site-media">
        {record.media.map((item) => {
          const src = siteMediaPath(leadId, item.itemKey);
          const stage = item.stage === 'before' ? 'Before' : 'After';
          return (
            <li key={item.itemKey} className="site-media__item">
              {item.kind === 'photo' ? (
                <a href={src}>
                  <img src={src} alt={`Photo: ${stage.toLowerCase()} the work`} loading="lazy" className="site-media__picture" />
                </a>
              ) : (
                <a href={src}>{`Video (${stage.toLowerCase()})`}</a>
              )}
              <input type="hidden" name="shown" value={item.itemKey} />
              {item.kind === 'photo' ? (
                <label className="site-media__label">
                  <input type="checkbox" name="chosen" value={item.itemKey} defaultChecked={inReport(item)} />
                  {/* The words follow the tick (the styles show one): unticked never reads as in the report. */}
                  <span className="site-media__in">{` ${stage}: in the report`}</span>
                  <span className="site-media__out">{` ${stage}: not in the report`}</span>
                </label>
              ) : (
                <span className="site-media__label">{stage}</span>
              )}
            </li>
          );
        })}
      </ul>
      {record.media.some((item) => item.kind === 'photo') && (
        <button type="submit" className={`${buttonClass('outline', 'sm')} no-print`}>
          Save the report’s photos
        </button>
      )}
    </form>
  );
}

export function OwnerSiteSection({ leadId, record, csrf }: { leadId: string; record: SiteRecord; csrf: string }) {
  const empty =
    record.events.length + record.notes.length + record.media.length + record.answers.length === 0 && !record.signature;
  if (empty) return null;
  return (
    <section id="on-site" className="lead-page__section" aria-labelledby="on-site-heading">
      <h2 className="lead-page__heading" id="on-site-heading">
        On site
      </h2>
      <SiteTimes record={record} withDay />
      <SiteNotesList record={record} />
      {record.answers.length > 0 && <h3 className="site-section__heading">Checklist</h3>}
      <SiteAnswersList record={record} markCustomer />
      {record.media.length > 0 && <h3 className="site-section__heading">Photos and videos</h3>}
      <ReportPhotosForm leadId={leadId} record={record} csrf={csrf} />
      {record.signature && <h3 className="site-section__heading">Signature</h3>}
      <SiteSignatureView leadId={leadId} record={record} />
    </section>
  );
}
