import { OpeningHours } from '../components/BusinessFacts';
import { buttonClass } from '../components/button';
import { ContactFormBlock } from '../components/forms/ContactFormBlock';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { byLine } from '../content/line-wording';
import { tapPing } from '../http/tap-ping';
import { emptyFormState, type FormState } from '../leads/form-state';
import type { PageMeta } from '../render/meta';
import { breadcrumbJsonLd } from '../seo/jsonld';
import { useSite } from '../site-content/context';
import type { ContentView } from '../site-content/view';

export const contactMeta = (origin: string, { site }: ContentView): PageMeta => ({
  title: `Contact Us: ${byLine(site.line, '24/7 ', '')}Drain Help in Bournemouth & Poole | ${site.shortName}`,
  description: `Call our ${byLine(site.line, '24/7 ', '')}emergency line on ${site.phone.emergency.display}, e-mail us or send a message. Local drainage engineers covering ${site.serviceAreaSummary}.`,
  path: '/contact',
  keywords: [
    'contact drainage company Bournemouth',
    'emergency drain number Poole',
    byLine(site.line, '24/7 drain help Christchurch', 'drain help Christchurch'),
  ],
  jsonLd: breadcrumbJsonLd(origin, [{ name: 'Contact', path: '/contact' }]),
});

/** /contact: phone, e-mail, service area, the survey panel and the message form. */
export function ContactPage({ formState, attribution }: { formState?: FormState; attribution?: string }) {
  const site = useSite();
  return (
    <>
      <PageHero title="Contact Us" lead="Call, e-mail or send us a message. For a blocked drain right now, please phone." />
      <section className="section" aria-label="Ways to contact us">
        <div className="container contact-page">
          <div className="contact-page__info">
            <ul className="contact-lines">
              <li className="contact-line">
                <span className="contact-line__icon contact-line__icon--urgent">
                  <Icon name="phone" size={22} />
                </span>
                <span>
                  <span className="contact-line__label">{`Phone (${byLine(site.line, '24/7 emergency', 'emergency, {when}')})`}</span>
                  <a className="contact-line__value" href={site.phone.emergency.href} ping={tapPing(site.phone.emergency.href)}>
                    {site.phone.emergency.display}
                  </a>
                </span>
              </li>
              <li className="contact-line">
                <span className="contact-line__icon">
                  <Icon name="mail" size={22} />
                </span>
                <span>
                  <span className="contact-line__label">General enquiries</span>
                  <a className="contact-line__value" href={site.email.href} ping={tapPing(site.email.href)}>
                    {site.email.address}
                  </a>
                </span>
              </li>
              <li className="contact-line">
                <span className="contact-line__icon">
                  <Icon name="map-pin" size={22} />
                </span>
                <span>
                  <span className="contact-line__label">Service area</span>
                  <span className="contact-line__value">{site.serviceAreaSummary}</span>
                  <span className="contact-line__note">{`Based in ${site.address.locality}.`}</span>
                  <OpeningHours />
                </span>
              </li>
            </ul>
            <section className="survey-panel" aria-labelledby="survey-panel-heading">
              <h2 id="survey-panel-heading">Need a CCTV drain survey?</h2>
              <p>Buying a home or fed up with recurring blockages? Ask for a free, no-obligation survey quote.</p>
              <a className={buttonClass('accent', 'lg')} href="/free-quote">
                Get Survey Quote <Icon name="arrow-right" size={18} />
              </a>
            </section>
          </div>
          <section className="form-panel" aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading">Send us a message</h2>
            <p className="form-panel__lead">Tell us what's happening and how to reach you, and we'll get back to you shortly.</p>
            <ContactFormBlock state={formState ?? emptyFormState} attribution={attribution} />
          </section>
        </div>
      </section>
    </>
  );
}
