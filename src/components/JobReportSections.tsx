import type { ReactNode } from 'react';
import type { JobReport } from '../jobs/job-report';
import { dayWords } from '../rules/job-status';
import { formatLondonTime, londonDay } from '../rules/uk-time';

/**
 * The body of the customer's job report (issue 57), one section after another, each shown only
 * when it has something to say. A kind of report still to come slots in as one more entry of
 * REPORT_SECTIONS: a drainage survey's findings (each defect at its distance along the run) go
 * after "What we found". Pictures come from under the customer's own link, never from the admin.
 */

interface SectionProps {
  report: JobReport;
  /** The customer's page, /r/<token>: the report's pictures are under it. */
  path: string;
}

interface ReportSection {
  id: string;
  heading: string;
  shows: (report: JobReport) => boolean;
  /** What the section holds (called, not mounted: a section has no state of its own). */
  body: (props: SectionProps) => ReactNode;
}

const reportPhotoPath = (path: string, itemKey: string) => `${path}/report/photo/${itemKey}`;
const reportSignaturePath = (path: string, itemKey: string) => `${path}/report/signature/${itemKey}`;

function Notes({ notes }: { notes: readonly string[] }) {
  return notes.map((note, index) => (
    <p key={index} className="report-doc__note">
      {note}
    </p>
  ));
}

const noteSection = (id: string, heading: string, field: keyof JobReport['notes']): ReportSection => ({
  id,
  heading,
  shows: (report) => report.notes[field].length > 0,
  body: ({ report }) => <Notes notes={report.notes[field]} />,
});

function Checklist({ report }: SectionProps) {
  return (
    <dl className="report-doc__answers">
      {report.answers.map((answer) => (
        <div key={answer.questionId} className="report-doc__answer">
          <dt>{answer.question}</dt>
          <dd>{answer.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

function Photos({ report, path }: SectionProps) {
  const count = report.photos.length;
  return (
    <ul className="report-doc__photos">
      {report.photos.map(({ itemKey, stage }, index) => {
        const src = reportPhotoPath(path, itemKey);
        const words = `Photo ${index + 1} of ${count}, ${stage} the work`;
        return (
          <li key={itemKey}>
            <figure className="report-doc__figure">
              <a href={src}>
                <img src={src} alt={words} className="report-doc__photo" />
              </a>
              <figcaption>{words}</figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}

function Signature({ report, path }: SectionProps) {
  const signature = report.signature!;
  if (signature.notPresent) return <p>You were not there to sign when the work was finished.</p>;
  const day = londonDay(signature.at) === londonDay(report.finishedAt) ? '' : ` on ${dayWords(londonDay(signature.at))}`;
  return (
    <figure className="report-doc__signature">
      <img
        src={reportSignaturePath(path, signature.itemKey)}
        alt={`Signature of ${signature.typedName}`}
        className="report-doc__signature-picture"
      />
      <figcaption>{`Signed by ${signature.typedName} at ${formatLondonTime(signature.at)}${day}`}</figcaption>
    </figure>
  );
}

const REPORT_SECTIONS: readonly ReportSection[] = [
  noteSection('found', 'What we found', 'found'),
  noteSection('done', 'What we did', 'done'),
  noteSection('recommended', 'What we recommend', 'recommended'),
  { id: 'checklist', heading: 'Checklist', shows: (report) => report.answers.length > 0, body: Checklist },
  { id: 'photos', heading: 'Photos', shows: (report) => report.photos.length > 0, body: Photos },
  { id: 'signature', heading: 'Signed off', shows: (report) => report.signature !== null, body: Signature },
];

export function JobReportSections({ report, path }: SectionProps) {
  return REPORT_SECTIONS.filter((section) => section.shows(report)).map(({ id, heading, body }) => (
    <section key={id} className={`report-doc__section report-doc__section--${id}`} aria-labelledby={`report-${id}`}>
      <h2 id={`report-${id}`} className="report-doc__heading">
        {heading}
      </h2>
      {body({ report, path })}
    </section>
  ));
}
