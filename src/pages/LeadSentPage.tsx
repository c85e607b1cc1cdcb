import { buttonClass } from '../components/button';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { tapPing } from '../components/tap-link';
import { SENT_MESSAGES } from '../leads/messages';
import type { LeadFormName } from '../leads/schemas';
import type { PageMeta } from '../render/meta';
import { useSite } from '../site-content/context';
import type { ContentView } from '../site-content/view';

const PATHS = { contact: '/contact/sent', quote: '/free-quote/sent' } as const;

export const leadSentPath = (form: LeadFormName) => PATHS[form];

export const leadSentMeta = (form: LeadFormName, { site }: ContentView): PageMeta => ({
  title: `${SENT_MESSAGES[form].title} | ${site.shortName}`,
  description: SENT_MESSAGES[form].description,
  path: PATHS[form],
  noindex: true,
});

/** The confirmation a form post without JavaScript lands on (303 after the lead is stored). */
export function LeadSentPage({ form }: { form: LeadFormName }) {
  const site = useSite();
  const message = SENT_MESSAGES[form];
  return (
    <>
      <PageHero title={message.title} lead={message.description} />
      <section className="section">
        <div className="container lead-sent" role="status">
          <p className="lead-sent__note">
            <Icon name="check" size={22} />
            <span>
              {'If your drain problem is urgent, please call our 24/7 line on '}
              <a href={site.phone.emergency.href} ping={tapPing(site.phone.emergency.href)}>
                {site.phone.emergency.display}
              </a>
              .
            </span>
          </p>
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
