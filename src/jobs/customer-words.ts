import { isCleanText } from '../rules/text';

/**
 * What a customer may add when they cancel or ask to rebook: a reason or a better time, optional,
 * plain text of at most CUSTOMER_WORDS_MAX characters (it is shown on the owner's timeline and in
 * their e-mail). Refused with a message a person understands, never cut short in silence.
 */
export const CUSTOMER_WORDS_MAX = 500;

const CUSTOMER_WORDS_MESSAGES = {
  long: `Please keep it to ${CUSTOMER_WORDS_MAX} characters or fewer.`,
  unclean: 'That text has characters we cannot keep. Please type it again in plain words.',
} as const;

export type CustomerWords = { ok: true; words: string } | { ok: false; message: string; typed: string };

export function readCustomerWords(body: Record<string, unknown>): CustomerWords {
  const raw = typeof body.words === 'string' ? body.words : '';
  const words = raw.replace(/\r\n?/g, '\n').trim();
  // What is sent back into the form is capped too, so a huge post is not echoed whole.
  const typed = words.slice(0, CUSTOMER_WORDS_MAX * 2);
  if (words.length > CUSTOMER_WORDS_MAX) return { ok: false, message: CUSTOMER_WORDS_MESSAGES.long, typed };
  if (!isCleanText(words)) return { ok: false, message: CUSTOMER_WORDS_MESSAGES.unclean, typed: '' };
  return { ok: true, words };
}
