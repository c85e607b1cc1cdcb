import { tapPing } from '../http/tap-ping';
import { useSite } from '../site-content/context';

/** The UK regulator's complaint page and helpline (ico.org.uk). */
const ICO = {
  url: 'https://ico.org.uk/make-a-complaint/',
  urlDisplay: 'ico.org.uk/make-a-complaint',
  phone: { display: '0303 123 1113', href: 'tel:+443031231113' },
} as const;

/** The privacy notice's list of processors; the optional ones appear only when configured. */
export function PrivacyHandlers({ spamCheck, mapTileHost }: { spamCheck: boolean; mapTileHost: string | null }) {
  return (
    <>
      <h2>Who else handles your details</h2>
      <ul>
        <li>
          <strong>Cloudflare</strong> runs this website and stores what you send in its database for us. To stop abuse it also
          counts, for a minute, how many forms and link taps each internet address sends; we never store your address with your
          enquiry or a tap.
        </li>
        <li>
          <strong>MailChannels</strong> delivers your enquiry to our inbox by e-mail, and our confirmation to you.
        </li>
        <li>
          <strong>Stripe</strong>, when you pay an invoice by card from your request page: you type your card details on Stripe's
          own payment page, never on ours, and Stripe tells us only that the invoice was paid, how much and when.
        </li>
        {spamCheck && (
          <li>
            <strong>Cloudflare Turnstile</strong> checks that a form is sent by a person rather than a program. It is the only
            script from another company on our pages, and it runs only on the two form pages.
          </li>
        )}
        {mapTileHost && (
          <li>
            <strong>{mapTileHost}</strong> supplies the pictures for the live map, so it sees your internet address, as any
            website you visit does.
          </li>
        )}
      </ul>
      <p>
        They act only on our instructions, under contracts that protect your data. Where they handle it outside the UK, those
        contracts include the safeguards UK law requires. If you message us on WhatsApp instead, WhatsApp handles that message
        under its own privacy policy.
      </p>
    </>
  );
}

/** The privacy notice's rights and complaints sections. */
/** "… e-mail <the address> or call <the 24/7 number>": how to ask about your details, in running text. */
export function EmailOrCall() {
  const site = useSite();
  return (
    <>
      <a href={site.email.href} ping={tapPing(site.email.href)}>
        {site.email.address}
      </a>{' '}
      or call{' '}
      <a href={site.phone.emergency.href} ping={tapPing(site.phone.emergency.href)}>
        {site.phone.emergency.display}
      </a>
    </>
  );
}

export function PrivacyRights() {
  return (
    <>
      <h2>Your rights</h2>
      <p>You can ask us, at any time:</p>
      <ul>
        <li>for a copy of the details we hold about you (access);</li>
        <li>to correct anything that is wrong (correction);</li>
        <li>to delete your details (erasure);</li>
        <li>to stop using your details (objection).</li>
      </ul>
      <p>
        To ask, e-mail <EmailOrCall />. It is free, and we will reply within one month.
      </p>

      <h2>Complaints</h2>
      <p>
        If you are unhappy with how we have used your details, please tell us first so that we can put it right. You can also
        complain to the Information Commissioner's Office (ICO), the UK's data protection regulator, at{' '}
        <a href={ICO.url}>{ICO.urlDisplay}</a> or on <a href={ICO.phone.href}>{ICO.phone.display}</a>.
      </p>
    </>
  );
}

/**
 * What the site learns about where enquiries come from (`leadAttribution`) and the tap
 * counts (`tapRoutes`): kept with an enquiry, or kept about nobody.
 */
export function PrivacyWhereFrom() {
  return (
    <>
      <h3>Where you found us, when you send a form</h3>
      <p>
        With your enquiry we keep which of our pages you sent it from, the page of ours you were on just before, and, if another
        website or an advert brought you to us, that website's name (never the page you were on there) and the campaign tags of
        the link you followed (such as utm_source, or gclid for a Google advert). Your browser tells us these as you move from
        page to page; we set no cookie to learn them. We use them to know which pages and adverts bring us work (our legitimate
        interest in running the business well), and they are kept and deleted with your enquiry.
      </p>
      <h3>Taps on our phone, WhatsApp and e-mail links</h3>
      <p>
        When you tap one of these links, your browser tells our website (a browser feature called a ping), and we add one to a
        count for that day, that page and that kind of link. Nothing else is kept: not your internet address, not the time,
        nothing that could tell you apart from anyone else. Some browsers, Firefox among them, do not send these pings.
      </p>
    </>
  );
}
