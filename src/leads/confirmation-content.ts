import { BEST_TIMES, bestTimeLabel } from '../content/best-times';
import type { Lead } from '../db/schema';
import { type EmailContent, oneLine, type Paragraph, type Row, renderEmail } from '../outbox/email-layout';
import type { ContentView } from '../site-content/view';
import { callBackPromise, urgentLine } from './call-back';
import { serviceTitle } from './email-content';
import { leadReference, photoCountText, receivedAt } from './lead-summary';

/**
 * The confirmation to the customer: a reference, when to expect a call, the 24/7 number, and a
 * summary of what they sent. Anyone can type anyone's address into the form, so the e-mail
 * repeats little free text (the message is cut short) and links only to our own site: it should
 * be a poor way to send a stranger someone else's words. The per-IP limit bounds how many go out.
 */

/** Characters of the visitor's message repeated back to them. */
const ECHOED_MESSAGE_CHARS = 500;

const echo = (text: string) => (text.length > ECHOED_MESSAGE_CHARS ? `${text.slice(0, ECHOED_MESSAGE_CHARS).trimEnd()}…` : text);

/** 'in the morning (8am to 12pm), as you asked' and the like; '' without a preference (or for "as soon as possible", which callBackPromise words). */
function askedFor(bestTime: Lead['bestTime']): string {
  const time = BEST_TIMES.find((choice) => choice.value === bestTime);
  if (!time) return '';
  const [when, hours] = time.label.split(' (');
  return `, in the ${when!.toLowerCase()}${hours ? ` (${hours}` : ''} as you asked`;
}

export function confirmationEmailContent(
  lead: Lead,
  context: { photoCount: number; origin: string; content: ContentView },
): EmailContent {
  const { site } = context.content;
  const reference = leadReference(lead.id);
  const what = lead.kind === 'quote' ? 'quote request' : 'message';
  const intro: Paragraph[] = [
    `Hello ${lead.name},`,
    `Thank you for contacting ${site.name}. We have your ${what} (reference ${reference}).`,
    lead.bestTime === 'asap'
      ? `When to expect a call: ${callBackPromise(site, lead.bestTime, lead.createdAt).text}.`
      : `When to expect a call: ${site.response.callBack}${askedFor(lead.bestTime)}.`,
    ...(lead.areaCheck === 'outside'
      ? [
          `Your postcode looks to be outside the areas we usually cover (${site.serviceAreaSummary}). We will confirm whether we can cover it when we call.`,
        ]
      : []),
    urgentLine(
      site,
      lead.createdAt,
      `Urgent? Our emergency line is open ${site.line.when}: ${site.phone.emergency.display}. Please call rather than wait for us.`,
    ),
  ];
  const rows: Row[] = [
    ['Reference', reference],
    ['Received', receivedAt(lead)],
    ['Name', lead.name],
    ['Phone', lead.phone || 'not given'],
    ...(lead.kind === 'quote'
      ? ([
          ['Address', lead.address],
          ['Service', serviceTitle(lead.service, context.content.services)],
        ] as Row[])
      : []),
    ['Best time to call', bestTimeLabel(lead.bestTime)],
    ['Photos', photoCountText(context.photoCount)],
  ];
  return {
    subject: oneLine(`We have your ${what}: ${site.name} (ref. ${reference})`),
    ...renderEmail({
      heading: `We have your ${what}`,
      intro,
      rows,
      longLabel: lead.kind === 'quote' ? 'Your details' : 'Your message',
      longText: echo(lead.message) || 'None given.',
      outro: [
        'To add anything, or if something above is wrong, reply to this e-mail.',
        { text: 'How we use your details', href: `${context.origin.replace(/\/+$/, '')}/privacy` },
      ],
      footer: `${site.name}, ${site.address.locality}, ${site.address.town}. ${site.phone.emergency.display} (${site.line.when}). ${site.email.address}`,
    }),
  };
}
