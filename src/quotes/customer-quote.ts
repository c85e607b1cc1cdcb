import * as v from 'valibot';
import { d1Database } from '../db/client';
import { insertCustomerNote } from '../db/customer-entries';
import { expireIfPast } from '../db/quote-moves';
import { latestSentQuoteOfLead } from '../db/quote-reads';
import { findQuote, type QuoteWithLines } from '../db/quotes';
import type { Lead } from '../db/schema';
import type { Bindings } from '../env';
import { log } from '../log';
import { alertNow } from '../push/outbox';
import { text, validate } from '../rules/validation';
import { markQuoteViewed } from './quote-actions';
import { questionAlert, quoteAnswerAlert } from './quote-alerts';

/**
 * The customer's side of a quote, from their request link: the quote they were sent (expired
 * when read past its date; its first view recorded), the acceptance form read, and a question
 * that reaches the owner as a note on the lead and an alert on their phones.
 */

export async function customerQuote(
  env: Bindings,
  lead: Lead,
  now = Date.now(),
): Promise<{ found: QuoteWithLines; firstView: boolean } | undefined> {
  const db = d1Database(env);
  const found = await latestSentQuoteOfLead(db, lead.id);
  if (!found) return undefined;
  let quote = await expireIfPast(db, found.quote, now);
  const viewed = quote.state === 'sent' ? await markQuoteViewed(env, quote, now) : undefined;
  quote = viewed ?? quote;
  const current = quote === found.quote ? found : ((await findQuote(db, quote.id)) ?? found);
  return { found: current, firstView: viewed !== undefined };
}

/** The owner's alert of the customer's answer (first view, acceptance, decline), tried after the page is answered. */
export const alertQuoteAnswer = (env: Bindings, lead: Lead, now = Date.now()) =>
  alertNow(env, lead.id, 'quote', false, quoteAnswerAlert, now);

const acceptSchema = (business: boolean) =>
  v.object({
    typedName: text('full name', 100, 'Please type your full name to accept.', true),
    terms: v.literal('yes', 'Please tick to accept the quote and its terms.'),
    expressStart: business
      ? v.optional(v.string())
      : v.picklist(['yes', 'no'], 'Please say whether we may start within the 14 days.'),
  });

export function readAcceptance(body: Record<string, unknown>, business: boolean) {
  const read = validate(acceptSchema(business), {
    typedName: body.typedName,
    terms: body.terms,
    expressStart: body.expressStart,
  });
  if (!read.ok) return read;
  return { ok: true as const, typedName: read.data.typedName, expressStart: business ? null : read.data.expressStart === 'yes' };
}

const questionSchema = v.object({ question: text('question', 2000, 'Please write your question.', false) });
const declineSchema = v.object({ reason: v.optional(text('reason', 1000, null, false), '') });
/** A reason that breaks the rules is left out: declining never fails for its reason. */
export const readDeclineReason = (body: Record<string, unknown>) => validate(declineSchema, { reason: body.reason });

export const readQuestion = (body: Record<string, unknown>) => validate(questionSchema, { question: body.question });

/** The question as a note on the lead's timeline, by the customer (stored before the answer; the alert goes after it). */
export async function recordQuoteQuestion(env: Bindings, lead: Lead, found: QuoteWithLines, question: string, now = Date.now()) {
  await insertCustomerNote(d1Database(env), lead.id, `About quote ${found.quote.number}: ${question}`, now);
  log.info('quote question recorded', { id: lead.id, quote: found.quote.id });
}

export const alertQuoteQuestion = (env: Bindings, lead: Lead, now = Date.now()) =>
  alertNow(env, lead.id, 'question', false, questionAlert, now);
