import { d1Database } from '../db/client';
import { customerWroteSince } from '../db/customer-entries';
import { findQuote, type QuoteWithLines } from '../db/quotes';
import type { Lead, LeadMessage } from '../db/schema';
import type { Bindings } from '../env';
import { requestLinks } from '../jobs/email-parts';
import { alertUndelivered } from '../leads/composers';
import type { EmailComposer, LeadMail } from '../outbox/deliver';
import { renderEmail } from '../outbox/email-layout';
import { fromTheBusiness, type OutgoingEmail } from '../outbox/mailer';
import { formatPence, formatQuantity } from '../rules/money';
import { depositOf, type QuoteChoices } from '../rules/money-lines';
import type { QuoteReminder } from '../rules/quote-reminders';
import { isOpen } from '../rules/quote-state';
import { formatLondon } from '../rules/uk-time';
import { currentContent } from '../site-content/current';
import type { ContentView } from '../site-content/view';
import { cancellationInformation, modelCancellationForm, type Trader } from './consumer-rights';
import { quoteAnswerComposer } from './quote-answer-email';
import { defaultChoicesOf, quoteFigures } from './quote-figures';

/**
 * The quote's two e-mails to the customer, registered with the outbox like every domain's: the
 * quote itself (with the link to their page) and, once accepted, the confirmation carrying the
 * accepted version in full and its hash, with the cancellation information and the model form for
 * a consumer (never a business). Each is written when sent; a quote no longer open when its
 * e-mail is due is not sent.
 */

const trader = ({ site }: ContentView): Trader => ({
  name: site.name,
  address: [site.address.street, site.address.locality, site.address.town, site.address.postcode].filter(Boolean).join(', '),
  phone: site.phone.emergency.display,
  email: site.email.address,
});

function lineRows(found: QuoteWithLines, choices: QuoteChoices) {
  const figures = quoteFigures(found, choices);
  const rows: (readonly [string, string])[] = figures.lines
    .filter((line) => line.included)
    .map((line) => [
      `${line.description} (${formatQuantity(line.quantityMilli)} × ${formatPence(line.unitPence)})`,
      formatPence(line.shown),
    ]);
  if (found.quote.vatRegistered) rows.push(['Net', formatPence(figures.net)], ['VAT', formatPence(figures.vat)]);
  rows.push(['Total', formatPence(figures.gross)]);
  const deposit = depositOf(figures.gross, found.quote);
  if (deposit > 0) rows.push(['Deposit on acceptance', formatPence(deposit)]);
  return rows;
}

async function quoteEmail(
  env: Bindings,
  found: QuoteWithLines,
  content: ContentView,
  page: string,
): Promise<OutgoingEmail | null> {
  const { quote } = found;
  if (!isOpen(quote.state)) return null;
  return {
    to: { email: quote.customerEmail, name: quote.customerName },
    ...fromTheBusiness(env, content.site),
    subject: `Your quote ${quote.number} from ${content.site.name}`,
    ...renderEmail({
      heading: `Quote ${quote.number}${quote.version > 1 ? ` (version ${quote.version})` : ''}`,
      intro: [
        `Hello ${quote.customerName},`,
        `Here is our quote${quote.validUntil ? `, which stands until ${formatLondon(quote.validUntil)}` : ''}. Optional items and alternatives can be chosen on your page, where you can accept it, decline it or ask us a question.`,
        { text: 'See and accept your quote', href: `${page}/quote` },
      ],
      rows: lineRows(found, defaultChoicesOf(found)),
      longLabel: 'Terms',
      longText: [quote.notes, quote.terms].filter(Boolean).join('\n\n'),
      footer: `${content.site.name}. ${content.site.email.address}`,
    }),
  };
}

async function acceptedEmail(
  env: Bindings,
  found: QuoteWithLines,
  content: ContentView,
  page: string,
): Promise<OutgoingEmail | null> {
  const { quote, acceptance } = found;
  if (quote.state !== 'accepted' || !acceptance) return null;
  const choices = JSON.parse(acceptance.choices) as QuoteChoices;
  const consumer = !quote.business;
  return {
    to: { email: quote.customerEmail, name: quote.customerName },
    ...fromTheBusiness(env, content.site),
    subject: `Accepted: quote ${quote.number} from ${content.site.name}`,
    ...renderEmail({
      heading: `You accepted quote ${quote.number}`,
      intro: [
        `Thank you, ${acceptance.typedName}. This is the version you accepted on ${formatLondon(acceptance.acceptedAt)}, kept exactly as it was.`,
        { text: 'Your page', href: `${page}/quote` },
      ],
      rows: [
        ...lineRows(found, choices),
        ['Accepted by', acceptance.typedName],
        ...(consumer && acceptance.expressStart !== null
          ? ([['Start within 14 days', acceptance.expressStart ? 'Yes, you asked us to' : 'No']] as const)
          : []),
        ['Record (SHA-256)', acceptance.hash],
      ],
      longLabel: 'Terms',
      longText: acceptance.terms,
      outro: consumer ? [...cancellationInformation(trader(content)), ...modelCancellationForm(trader(content))] : [],
      footer: `${content.site.name}. ${content.site.email.address}`,
    }),
  };
}

const REMINDER_WORDS: Record<QuoteReminder, { subject: string; line: string }> = {
  'day-3': {
    subject: 'A reminder: your quote',
    line: 'Just a reminder of our quote. If anything is unclear, ask us a question from your page.',
  },
  'day-10': {
    subject: 'Still thinking about your quote?',
    line: 'Our quote still stands. You can accept it, decline it or ask us a question from your page.',
  },
  expiry: { subject: 'Your quote expires in two days', line: 'Our quote expires in two days. After that, ask us for a new one.' },
};

/**
 * A reminder of a quote still waiting: not sent once the customer answered (accepted, declined,
 * asked a question since it was sent), it was withdrawn, replaced or expired, or they stopped quote
 * reminders (with the link each reminder carries; stopping review requests does not stop these).
 */
async function reminderEmail(
  env: Bindings,
  found: QuoteWithLines,
  content: ContentView,
  page: string,
  reminder: QuoteReminder,
  lead: Lead,
) {
  const { quote } = found;
  if (
    !isOpen(quote.state) ||
    lead.quoteRemindersStoppedAt !== null ||
    (await customerWroteSince(d1Database(env), lead.id, quote.sentAt ?? 0))
  )
    return null;
  const words = REMINDER_WORDS[reminder];
  return {
    to: { email: quote.customerEmail, name: quote.customerName },
    ...fromTheBusiness(env, content.site),
    subject: `${words.subject} ${quote.number} from ${content.site.name}`,
    ...renderEmail({
      heading: `Quote ${quote.number}`,
      intro: [`Hello ${quote.customerName},`, words.line, { text: 'See your quote', href: `${page}/quote` }],
      rows: lineRows(found, defaultChoicesOf(found)),
      longLabel: 'It stands until',
      longText: quote.validUntil ? formatLondon(quote.validUntil) : '',
      outro: [
        'We send at most three reminders of a quote. To stop them, use the link below.',
        { text: 'Stop quote reminders', href: `${page}/quote/stop` },
      ],
      footer: `${content.site.name}. ${content.site.email.address}`,
    }),
  };
}

const reminderComposer: EmailComposer = async (env, lead, message, { now }) => {
  const [quoteId, reminder] = message.about.split(':') as [string, QuoteReminder | undefined];
  if (!reminder || !(reminder in REMINDER_WORDS)) return null;
  const [found, content, links] = await Promise.all([
    findQuote(d1Database(env), quoteId),
    currentContent(env, now),
    requestLinks(env, lead),
  ]);
  if (!found || !links || found.quote.leadId !== lead.id) return null;
  return reminderEmail(env, found, content, links.page, reminder, lead);
};

function composer(write: typeof quoteEmail): EmailComposer {
  return async (env: Bindings, lead: Lead, message: LeadMessage, { now }) => {
    const [found, content, links] = await Promise.all([
      findQuote(d1Database(env), message.about),
      currentContent(env, now),
      requestLinks(env, lead),
    ]);
    if (!found || !links || found.quote.leadId !== lead.id) return null;
    return write(env, found, content, links.page);
  };
}

export const QUOTE_MAIL: LeadMail<'quote' | 'accepted' | 'quote-reminder' | 'quote-answer'> = {
  composers: {
    quote: composer(quoteEmail),
    accepted: composer(acceptedEmail),
    'quote-reminder': reminderComposer,
    'quote-answer': quoteAnswerComposer,
  },
  failedForGood: alertUndelivered,
};
