import { tapPing } from '../http/tap-ping';
import { useSite } from '../site-content/context';
import { Icon } from './Icon';

/**
 * The call bar fixed to the bottom of a phone's screen on every public page (docs/design.md, Calls
 * first'): the emergency number and WhatsApp, one tap each, counted by the links' pings. HTML
 * and CSS only (the call bar's own stylesheet): hidden from 768 px up and in print, inside the safe
 * area, and the footer is padded so the bar never covers its last line. The admin's document
 * does not render it.
 */
export function CallBar() {
  const { phone, messaging } = useSite();
  return (
    <nav className="call-bar" aria-label="Call or message us">
      <a className="call-bar__call" href={phone.emergency.href} ping={tapPing(phone.emergency.href)}>
        <Icon name="phone" size={20} /> Call {phone.emergency.display}
      </a>
      <a className="call-bar__whatsapp" href={messaging.href} ping={tapPing(messaging.href)} rel="noopener" target="_blank">
        <Icon name="message" size={20} /> <span className="call-bar__label">WhatsApp</span>
      </a>
    </nav>
  );
}
