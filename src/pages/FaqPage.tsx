import { buttonClass } from '../components/button';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { tapPing } from '../http/tap-ping';
import type { PageMeta } from '../render/meta';
import { breadcrumbJsonLd, faqPageJsonLd } from '../seo/jsonld';
import { useContent } from '../site-content/context';
import type { ContentView } from '../site-content/view';

export const faqMeta = (origin: string, { site, faqs }: ContentView): PageMeta => ({
  title: `Drainage FAQs: Call-out Fees, Response Times & Surveys | ${site.shortName}`,
  description:
    'Answers to common questions about blocked drains, call-out charges, response times, CCTV drain surveys, relining and who is responsible for your drains in BCP and the New Forest.',
  path: '/faq',
  keywords: ['drainage FAQ', 'blocked drain questions', 'drain responsibility England', 'CCTV drain survey house buying'],
  jsonLd: [faqPageJsonLd(faqs), breadcrumbJsonLd(origin, [{ name: 'FAQs', path: '/faq' }])],
});

/**
 * The questions are a native exclusive accordion: <details> sharing one name, so opening one
 * closes the others, and any can be closed, with no JavaScript.
 */
export function FaqPage() {
  const { site, faqs } = useContent();
  return (
    <>
      <PageHero
        title="Frequently Asked Questions"
        lead="Straight answers about blocked drains, prices, response times and surveys."
      />
      <section className="section" aria-label="Questions and answers">
        <div className="container faq">
          <div className="faq__list">
            {faqs.map((faq) => (
              <details key={faq.question} name="faq" className="faq__item">
                <summary className="faq__question">{faq.question}</summary>
                <div className="faq__answer">
                  <p>{faq.answer}</p>
                </div>
              </details>
            ))}
          </div>
          <div className="faq__more">
            <h2>Still have a question?</h2>
            <p>Our team is happy to help, whether it is an emergency or a question about a survey.</p>
            <div className="faq__actions">
              <a className={buttonClass('default', 'lg')} href="/contact">
                Contact Us Now
              </a>
              <a
                className={buttonClass('destructive', 'lg')}
                href={site.phone.emergency.href}
                ping={tapPing(site.phone.emergency.href)}
              >
                <Icon name="phone" size={20} /> {site.phone.emergency.display}
              </a>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
