import { buttonClass } from '../components/button';
import { type JobReport, reportContentsWords } from '../jobs/job-report';
import { dayWords } from '../rules/job-status';
import { londonDay } from '../rules/uk-time';

/**
 * The job report's place on the customer's page (issue 57): when the work was finished, what the
 * report holds, and the link to it. The report itself is a page of its own (`JobReportPage`, at
 * `reportPath`), so it prints on its own, not with the status and the invoices around it.
 */

const reportPath = (path: string) => `${path}/report`;

export function JobReportSection({ report, path }: { report: JobReport; path: string }) {
  const holds = reportContentsWords(report);
  return (
    <section id="report" className="job-report" aria-labelledby="report-heading">
      <h2 id="report-heading" className="job-report__title">
        Your job report
      </h2>
      <p>{`The work was finished on ${dayWords(londonDay(report.finishedAt))}.${holds ? ` Your report holds ${holds}.` : ''}`}</p>
      <p>
        <a href={reportPath(path)} className={buttonClass('default')}>
          Read or print your job report
        </a>
      </p>
    </section>
  );
}
