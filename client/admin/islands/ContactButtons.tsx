import { beaconToAdmin } from '../api';

/**
 * The lead page's three ways to answer (the server's <ContactButtons> renders it): a call,
 * a WhatsApp chat and an e-mail, each a plain link the phone hands to its own app, with or without
 * JavaScript. With it (an admin island), a tap on Call or WhatsApp is also reported to `recordTo`
 * as the app opens: a same-origin POST with the session's CSRF token, as every admin form sends,
 * by beacon (`beaconToAdmin`) so it is sent even as the page goes to the background. The
 * link is never held back for it: the call goes through whatever the network does.
 */
export interface ContactButtonsProps {
  /** Where a tap is reported (the guard checks the session and the token). */
  recordTo: string;
  csrf: string;
  /** tel: link and the number as the customer gave it; absent without a phone number. */
  call?: { href: string; number: string };
  /** wa.me link with a greeting; absent without a phone number. */
  whatsapp?: string;
  /** mailto: link with a subject. */
  email: string;
  typedBeforeStart?: Record<string, string>;
}

const report = (recordTo: string, csrf: string, channel: 'call' | 'whatsapp') => beaconToAdmin(recordTo, csrf, { channel });

export default function ContactButtons({ recordTo, csrf, call, whatsapp, email }: ContactButtonsProps) {
  return (
    <nav className="lead-contact" aria-label="Contact the customer">
      {call && (
        <a
          className="lead-contact__button lead-contact__button--call"
          href={call.href}
          onClick={() => report(recordTo, csrf, 'call')}
        >
          <span className="lead-contact__verb">Call</span>
          <span className="lead-contact__detail">{call.number}</span>
        </a>
      )}
      {whatsapp && (
        <a
          className="lead-contact__button"
          href={whatsapp}
          rel="noopener noreferrer"
          onClick={() => report(recordTo, csrf, 'whatsapp')}
        >
          <span className="lead-contact__verb">WhatsApp</span>
        </a>
      )}
      <a className="lead-contact__button" href={email}>
        <span className="lead-contact__verb">E-mail</span>
      </a>
    </nav>
  );
}
