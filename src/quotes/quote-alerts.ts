import { d1Database } from '../db/client';
import { latestSentQuoteOfLead } from '../db/quote-reads';
import type { LeadAlertComposer } from '../push/payload';

/**
 * The owner's alerts about a quote, registered with the push queue like every domain's: a
 * customer's question (it is a note on the lead), and their answer: the first view, an
 * acceptance or a decline, written from the quote as it is when the alert is sent.
 */
export const questionAlert: LeadAlertComposer = (_env, lead) => ({
  title: `${lead.name} has a question about their quote`,
  body: 'Open the lead to read it and answer.',
  url: `/admin/leads/${lead.id}`,
  tag: `question-${lead.id}`,
});

const ANSWER_WORDS: Record<string, string> = {
  viewed: 'opened',
  accepted: 'accepted',
  declined: 'declined',
};

export const quoteAnswerAlert: LeadAlertComposer = async (env, lead) => {
  const found = await latestSentQuoteOfLead(d1Database(env), lead.id);
  const quote = found?.quote;
  const words = (quote && ANSWER_WORDS[quote.state]) ?? 'answered';
  return {
    title: `${lead.name} ${words} quote ${quote?.number ?? ''}`.trim(),
    body: quote?.state === 'accepted' ? 'Open it to book the work.' : 'Open the lead to follow it up.',
    url: quote ? `/admin/quotes/${quote.id}` : `/admin/leads/${lead.id}`,
    tag: `quote-${lead.id}`,
  };
};

export const QUOTE_ALERTS = { question: questionAlert, quote: quoteAnswerAlert } as const;
