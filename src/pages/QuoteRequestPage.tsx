import { buttonClass } from '../components/button';
import { CheckList } from '../components/CheckList';
import { QuoteRequestFormBlock } from '../components/forms/QuoteRequestFormBlock';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { byLine } from '../content/line-wording';
import { tapPing } from '../http/tap-ping';
import { emptyFormState, type FormState } from '../leads/form-state';
import { quoteRequestServiceTitle, quoteRequestWords } from '../leads/quote-request-words';
import type { PageMeta } from '../render/meta';
import { breadcrumbJsonLd } from '../seo/jsonld';
import { useContent } from '../site-content/context';
import type { ContentView } from '../site-content/view';
import { serviceIn } from '../site-content/view';

const SURVEY_KEYWORDS = ['free drain survey quote', 'CCTV drain survey cost Bournemouth', 'home buyer drain survey Poole'];

/** A quote for a service is found by that service's words, not the survey's: a quote phrase, then its own keywords. */
function quoteKeywords(title: string | undefined, service: { keywords: readonly string[] } | undefined): string[] {
  if (!title || !service) return SURVEY_KEYWORDS;
  return [`${title.toLowerCase()} quote`, `free ${title.toLowerCase()} quote Bournemouth`, ...service.keywords.slice(0, 4)];
}

/**
 * `service`: the slug from ?service=. The survey's page keeps the spec's title; another service's
 * names it. Every variant's canonical is /free-quote: one form, the service preselected.
 */
export function quoteRequestMeta(origin: string, content: ContentView, service?: string): PageMeta {
  const { site } = content;
  const title = quoteRequestServiceTitle(service, content.services);
  return {
    title: `${quoteRequestWords(title).heading} | ${site.shortName}`,
    description: title
      ? `Ask for a free, no-obligation quote for ${title.toLowerCase()} in Bournemouth, Christchurch, Poole or the New Forest. A clear, fixed price from a local engineer.`
      : 'Ask for a free, no-obligation quote for a CCTV drain survey in Bournemouth, Christchurch, Poole or the New Forest. Ideal for home buyers and recurring drain problems.',
    path: '/free-quote',
    keywords: quoteKeywords(title, serviceIn(content, service ?? '')),
    jsonLd: breadcrumbJsonLd(origin, [{ name: 'Free Quote', path: '/free-quote' }]),
  };
}

/** docs/spec.md §2 'Free quote': the reasons to have a survey, in the order the spec gives them. */
const surveyReasons = [
  'Essential for home buyers',
  'Diagnose recurring drain issues',
  'Assess pipe condition before repairs',
  'Save money on unnecessary work',
] as const;

/**
 * /free-quote: the quote form, why it helps, and the emergency line. The spec's survey quote, or,
 * with another service chosen, a quote for that service: its heading, lead, the form's details
 * placeholder and answers, and its benefits in place of the survey's reasons.
 */
export function QuoteRequestPage({
  formState,
  service,
  attribution,
}: {
  formState?: FormState;
  service?: string;
  attribution?: string;
}) {
  const content = useContent();
  const { site } = content;
  // The form preselects the service; only one of the 12 is passed on.
  const chosen = service ? serviceIn(content, service) : undefined;
  const serviceTitle = quoteRequestServiceTitle(chosen?.slug, content.services);
  const words = quoteRequestWords(serviceTitle);
  return (
    <>
      <PageHero title={words.heading} lead={words.lead} />
      <section className="section" aria-label="Request a quote">
        <div className="container quote-page">
          <section className="form-panel" aria-labelledby="quote-form-heading">
            <h2 id="quote-form-heading">Request your free quote</h2>
            <QuoteRequestFormBlock state={formState ?? emptyFormState} service={chosen?.slug} attribution={attribution} />
          </section>
          <aside className="quote-page__aside">
            <section className="reasons-panel" aria-labelledby="reasons-heading">
              <h2 id="reasons-heading">
                {chosen && serviceTitle ? `Why choose us for ${serviceTitle}?` : 'Why get a CCTV drain survey?'}
              </h2>
              <CheckList items={chosen && serviceTitle ? chosen.benefits : surveyReasons} />
            </section>
            <section className="urgent-panel" aria-labelledby="urgent-heading">
              <h2 id="urgent-heading">
                <Icon name="alert" size={22} /> Urgent problem?
              </h2>
              <p>{`If your drain is blocked or overflowing now, don't wait for a quote. Call our ${byLine(site.line, '24/7 ', '')}emergency line.`}</p>
              <a
                className={buttonClass('destructive', 'lg')}
                href={site.phone.emergency.href}
                ping={tapPing(site.phone.emergency.href)}
                data-print-number={site.phone.emergency.display}
              >
                <Icon name="phone" size={20} /> Call Emergency Line
              </a>
            </section>
          </aside>
        </div>
      </section>
    </>
  );
}
