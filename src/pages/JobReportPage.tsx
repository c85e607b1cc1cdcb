import { JobReportSections } from '../components/JobReportSections';
import type { Lead } from '../db/schema';
import type { JobReport } from '../jobs/job-report';
import { leadReference } from '../leads/lead-summary';
import { dayWords } from '../rules/job-status';
import { timeOnSiteWords } from '../rules/time-on-site';
import { formatLondonTime, londonDay } from '../rules/uk-time';
import { useContent } from '../site-content/context';
import { serviceIn } from '../site-content/view';

/**
 * The customer's job report as a page of its own (issue 57), /r/<token>/report: a document to
 * read on a phone and to print on one or two A4 pages for a buyer or an insurer. Who did the work
 * and how to reach them, whose property and where, the day, the person given the job and their
 * time on site, then the report's sections (`JobReportSections`). No script: a public page runs
 * none, and the browser's own Print saves it as a PDF; the print rules (job-report.css) leave the
 * site's header, footer and call bar off the paper.
 */

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="report-doc__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function JobReportPage({ lead, report, path }: { lead: Lead; report: JobReport; path: string }) {
  const content = useContent();
  const { site } = content;
  const service = lead.service ? (serviceIn(content, lead.service)?.title ?? '') : '';
  const businessAddress = [site.address.street, site.address.locality, site.address.town, site.address.postcode]
    .filter(Boolean)
    .join(', ');
  const onSite =
    report.arrivedAt === null
      ? `Finished at ${formatLondonTime(report.finishedAt)}`
      : timeOnSiteWords(report.arrivedAt, report.finishedAt);
  return (
    <section className="section report-page">
      <div className="container report-page__inner">
        <p className="no-print">
          <a href={path}>Back to your page</a>
        </p>
        <article className="report-doc">
          <header className="report-doc__head">
            <div className="report-doc__business">
              <p className="report-doc__name">{site.name}</p>
              {businessAddress && <p>{businessAddress}</p>}
              <p>
                <a href={site.phone.emergency.href}>{site.phone.emergency.display}</a>
                {' · '}
                <a href={`mailto:${site.email.address}`}>{site.email.address}</a>
              </p>
            </div>
            <h1 className="report-doc__title">Job report</h1>
          </header>
          <dl className="report-doc__facts">
            <Fact term="Customer">{lead.name}</Fact>
            {lead.address && <Fact term="Property">{lead.address}</Fact>}
            <Fact term="Date">{dayWords(londonDay(report.finishedAt))}</Fact>
            {report.engineer && <Fact term="Engineer">{report.engineer}</Fact>}
            <Fact term="Time on site">{onSite}</Fact>
            {service && <Fact term="Work">{service}</Fact>}
            <Fact term="Reference">{leadReference(lead.id)}</Fact>
          </dl>
          <JobReportSections report={report} path={path} />
        </article>
        <p className="no-print">To print it or save it as a PDF, use your browser's Print.</p>
      </div>
    </section>
  );
}
