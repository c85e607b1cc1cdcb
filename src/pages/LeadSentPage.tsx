import { buttonClass } from '../components/button';
import { LeadSentPanel } from '../components/forms/LeadSentPanel';
import { useSentFacts } from '../components/forms/sent-facts';
import { PageHero } from '../components/PageHero';
import type { CallBackPromise } from '../leads/call-back';
import { SENT_MESSAGES } from '../leads/messages';
import { quoteRequestWords } from '../leads/quote-request-words';
import type { LeadFormName } from '../leads/schemas';
import type { PageMeta } from '../render/meta';
import type { ContentView } from '../site-content/view';

const PATHS = { contact: '/contact/sent', quote: '/free-quote/sent' } as const;

/** Where a form post lands: the answer page with the lead's reference (and the quote's service). */
export function leadSentLocation(form: LeadFormName, reference: string, service?: string, asap = false): string {
  const query = new URLSearchParams({ ref: reference });
  if (service) query.set('service', service);
  if (asap) query.set('when', 'asap');
  return `${PATHS[form]}?${query}`;
}

/** The heading and first line: the spec's toast texts, the quote's naming its service when not the survey. */
const sentMessage = (form: LeadFormName, serviceTitle?: string) =>
  form === 'contact' ? SENT_MESSAGES.contact : quoteRequestWords(serviceTitle).sent;

export const leadSentMeta = (form: LeadFormName, { site }: ContentView, serviceTitle?: string): PageMeta => ({
  title: `${sentMessage(form, serviceTitle).title} | ${site.shortName}`,
  description: sentMessage(form, serviceTitle).description,
  path: PATHS[form],
  noindex: true,
});

/**
 * The answer a form post without JavaScript lands on (303 after the lead is stored): the sent
 * panel the islands show in the form's place, with the same reference, and a way back to an
 * empty form.
 */
export function LeadSentPage({
  form,
  reference,
  service,
  confirmationEmail,
  promise,
}: {
  form: LeadFormName;
  reference?: string;
  /** The quote's service when it is not the survey (checked by the route). */
  service?: { slug: string; title: string };
  confirmationEmail: boolean;
  /** When to expect a call, worked out as the page is answered (`callBackPromise`). */
  promise: CallBackPromise;
}) {
  const message = sentMessage(form, service?.title);
  // Another request starts from the same form: the quote with its service chosen again.
  const again = form === 'contact' ? '/contact' : service ? `/free-quote?service=${service.slug}` : '/free-quote';
  const facts = { ...useSentFacts({ confirmationEmail }), callBack: promise.text, lineOpen: promise.lineOpen };
  return (
    <>
      <PageHero title={message.title} lead={message.description} />
      <section className="section">
        <div className="container lead-sent" role="status">
          <LeadSentPanel
            reference={reference}
            facts={facts}
            another={
              <a className={buttonClass('outline', 'lg')} href={again}>
                {form === 'contact' ? 'Send another message' : 'Send another request'}
              </a>
            }
          />
          <p className="lead-sent__actions">
            <a className={buttonClass('default')} href="/">
              Back to Home
            </a>
            <a className={buttonClass('outline')} href="/services">
              Our Services
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
