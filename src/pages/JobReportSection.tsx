import type { JobReport } from '../jobs/job-report';
import { formatLondon } from '../rules/uk-time';

/**
 * The job report on the customer's page (issue 50), laid out to be printed as well as read: a
 * CCTV survey's report is what homebuyers and insurers ask for. Its pictures come from under the
 * customer's own link (`reportPhotoPath`), never from the admin.
 */

const reportPhotoPath = (path: string, itemKey: string) => `${path}/report/photo/${itemKey}`;
const reportSignaturePath = (path: string, itemKey: string) => `${path}/report/signature/${itemKey}`;

function NoteList({ heading, notes }: { heading: string; notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <>
      <h3 className="job-report__heading">{heading}</h3>
      {notes.map((note, index) => (
        <p key={index} className="job-report__note">
          {note}
        </p>
      ))}
    </>
  );
}

export function JobReportSection({ report, path, reference }: { report: JobReport; path: string; reference: string }) {
  return (
    <section id="report" className="job-report" aria-labelledby="report-heading">
      <h2 id="report-heading" className="job-report__title">
        Your job report
      </h2>
      <p className="job-report__meta">{`Finished ${formatLondon(report.finishedAt)}. Reference ${reference}.`}</p>
      <NoteList heading="What we found" notes={report.notes.found} />
      <NoteList heading="What we did" notes={report.notes.done} />
      <NoteList heading="What we recommend" notes={report.notes.recommended} />
      {report.answers.length > 0 && (
        <>
          <h3 className="job-report__heading">Checklist</h3>
          <dl className="job-report__answers">
            {report.answers.map((answer) => (
              <div key={answer.questionId} className="job-report__answer">
                <dt>{answer.question}</dt>
                <dd>{answer.answer}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {report.photos.length > 0 && (
        <>
          <h3 className="job-report__heading">Photos</h3>
          <ul className="job-report__photos">
            {report.photos.map((itemKey, index) => (
              <li key={itemKey}>
                <img
                  src={reportPhotoPath(path, itemKey)}
                  alt={`The work, ${index + 1} of ${report.photos.length}`}
                  className="job-report__photo"
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {report.signature && (
        <>
          <h3 className="job-report__heading">Signed off</h3>
          {report.signature.notPresent ? (
            <p>{`You were not present when the work was finished (${formatLondon(report.signature.at)}).`}</p>
          ) : (
            <figure className="job-report__signature">
              <img
                src={reportSignaturePath(path, report.signature.itemKey)}
                alt={`Signature of ${report.signature.typedName}`}
                className="job-report__signature-picture"
              />
              <figcaption>{`Signed by ${report.signature.typedName}, ${formatLondon(report.signature.at)}`}</figcaption>
            </figure>
          )}
        </>
      )}
    </section>
  );
}
