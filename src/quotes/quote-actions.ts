import { d1Database } from '../db/client';
import { type AcceptanceRow, moveQuote, type QuoteRecord, sendQuote } from '../db/quote-moves';
import { type QuoteWithLines, stopQuoteReminders } from '../db/quotes';
import type { Lead, Quote } from '../db/schema';
import type { Bindings } from '../env';
import { log } from '../log';
import { deliverJustQueued } from '../outbox/deliver-queued';
import { mailerConfig } from '../outbox/mailer';
import { LEASE_MS } from '../outbox/retry-rule';
import { pushConfig } from '../push/config';
import { deliverQueuedAlerts } from '../push/outbox';
import { formatPence } from '../rules/money';
import { quoteReminderTimes } from '../rules/quote-reminders';
import { londonDay } from '../rules/uk-time';
import { quoteAnswerAlert } from './quote-alerts';
import { QUOTE_MAIL } from './quote-emails';
import { quoteFigures } from './quote-figures';

/**
 * What the owner and the customer do to a quote, with what goes with it: the lead's timeline
 * entry, the e-mail queued in the same batch and tried at once after the answer (the cron retries
 * it). Each answers the quote as it now is, or undefined when it had changed since it was read.
 * Logs carry ids only.
 */

const record = (env: Bindings, actor: string, detail: string, mail?: QuoteRecord['mail']): QuoteRecord => ({
  actor,
  detail,
  mail,
  willSend: mailerConfig(env) !== null,
});

/** The customer's answer told to the owner in its own batch: their e-mail, and the alert where alerts are on. */
const toldToOwner = (env: Bindings, now: number): QuoteRecord['owner'] => ({
  leaseUntil: now + LEASE_MS,
  alerts: pushConfig(env) !== null,
});

const label = (quote: Quote) => `Quote ${quote.number ?? 'draft'}${quote.version > 1 ? ` version ${quote.version}` : ''}`;

export async function sendQuoteToCustomer(env: Bindings, found: QuoteWithLines, actor: string, now = Date.now()) {
  const { quote } = found;
  const total = formatPence(quoteFigures(found, { optional: [], groups: {} }).gross);
  const year = Number(londonDay(now).slice(0, 4));
  const version = quote.version > 1 ? ` version ${quote.version}` : '';
  // The number is given in the same batch: the timeline entry reads it from the row.
  const detail = { before: 'Quote ', after: `${version} sent (${total})` };
  const reminders = quoteReminderTimes(now, quote.validDays).map(({ reminder, dueAt }) => ({
    dueAt,
    about: `${quote.id}:${reminder}`,
  }));
  const sent = await sendQuote(d1Database(env), quote, year, now, { ...record(env, actor, '', 'quote'), detail, reminders });
  if (sent) log.info('quote sent', { id: sent.id, version: sent.version });
  return sent;
}

export async function withdrawQuote(env: Bindings, quote: Quote, actor: string, now = Date.now()) {
  return moveQuote(d1Database(env), quote, 'withdraw', now, record(env, actor, `${label(quote)} withdrawn`));
}

export async function markQuoteViewed(env: Bindings, quote: Quote, now = Date.now()) {
  return moveQuote(d1Database(env), quote, 'view', now, record(env, 'customer', `${label(quote)} seen`));
}

export async function declineQuote(env: Bindings, quote: Quote, reason: string, now = Date.now()) {
  return moveQuote(
    d1Database(env),
    quote,
    'decline',
    now,
    { ...record(env, 'customer', `${label(quote)} declined${reason ? `: ${reason}` : ''}`), owner: toldToOwner(env, now) },
    {
      declineReason: reason,
    },
  );
}

export async function acceptQuote(env: Bindings, quote: Quote, acceptance: AcceptanceRow, now = Date.now()) {
  return moveQuote(
    d1Database(env),
    quote,
    'accept',
    now,
    {
      ...record(env, 'customer', `${label(quote)} accepted (${formatPence(acceptance.grossPence)})`, 'accepted'),
      owner: toldToOwner(env, now),
    },
    { acceptance },
  );
}

/**
 * The first tries of what a customer's answer queued (run after their page is answered): the
 * e-mails (their confirmation, the owner's) and the owner's alerts. The cron retries either.
 */
export async function tellQuoteAnswerNow(env: Bindings, quote: Quote, queuedAt: number) {
  if (!quote.leadId) return;
  await Promise.all([
    deliverQuoteMailNow(env, quote, queuedAt),
    deliverQueuedAlerts(env, quote.leadId, queuedAt, quoteAnswerAlert, queuedAt),
  ]);
}

/** The first try of a quote's e-mail just queued (the cron takes over if it never records an outcome). */
export async function deliverQuoteMailNow(env: Bindings, quote: Quote, queuedAt: number) {
  if (!quote.leadId) return;
  await deliverJustQueued(env, QUOTE_MAIL, {
    leadId: quote.leadId,
    queuedAt,
    kinds: ['quote', 'accepted', 'quote-answer'],
    about: quote.id,
  });
}

/** The customer's "Stop quote reminders": none of their quotes reminds them again (review requests are their own). */
export async function stopQuoteRemindersOf(env: Bindings, lead: Lead, now = Date.now()) {
  await stopQuoteReminders(d1Database(env), lead.id, now);
  log.info('quote reminders stopped', { id: lead.id });
}
