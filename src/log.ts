import { looksLikeToken } from './rules/token-shape';

/**
 * The one logger. Every line is one JSON object, `{"level","msg",...fields}`, written with the
 * console method of its level (info lines with console.info: the platform files each line at
 * that level, and wrangler dev passes them through without source-mapping each one).
 *
 * Personal data and secrets never reach a log: callers pass ids, counts and reasons, not leads,
 * and every string field is masked for anything that looks like an e-mail address or a phone
 * number, or the token of a link that opens something by itself (below), and cut to a length no
 * log line needs.
 */

type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

const EMAIL = /[^\s/@?&=]+@[^\s/@?&=]+\.[^\s/@?&=]+/g;
// Not inside a longer word or id (a UUID's all-digit run is not a phone number).
const PHONE = /(?<![\w-])\+?\d[\d\s().-]{7,}\d(?![\w-])/g;
/**
 * A link whose path is its own key: a customer's request page (/r/<token>/...) and an
 * invitation (/admin/invite/<token>, /admin/api/invites/<token>/...), and a person's calendar feed
 * (/calendar/<token>.ics). Anyone reading the token in a log could open the customer's booking,
 * add a passkey as the invited person, or read a person's jobs. Matched in any case and after
 * repeated slashes (spellings a visitor can send), wherever it appears in a field. Everything
 * after the prefix is hidden, not only its first segment: a visitor can put the token further
 * along (/r/x/<token>) or in a parameter (/r;x/<token>, /r/<token>;y), and the page may still
 * answer or the next reader may still follow the link. Only a later segment that is a plain word
 * (the page's name: cancel, review, options) stays readable; no token is one.
 */
const SECRET_IN_PATH = /(\/+(?:r|calendar|admin\/+invite|admin\/+api\/+invites))(;[^/?#\s"'<>]*)?(\/[^?#\s"'<>]*)?/gi;
const PLAIN_WORD = /^[a-z]{1,20}(?:-[a-z]{1,20})?$/;

function maskPathSecrets(match: string, prefix: string, params: string | undefined, rest: string | undefined): string {
  if (params === undefined && rest === undefined) return match;
  const segments = (rest ?? '').split('/').slice(1);
  const firstFilled = segments.findIndex((segment) => segment !== '');
  const masked = segments.map((segment, index) =>
    segment === '' || (index > firstFilled && PLAIN_WORD.test(segment)) ? segment : '[token]',
  );
  return `${prefix}${params === undefined ? '' : ';[token]'}${rest === undefined ? '' : `/${masked.join('/')}`}`;
}
/**
 * Any other path segment with a token's shape (rules/token-shape.ts), wherever it sits: a link's
 * token sent to the wrong route (/api/contact/<token>, /no-such/<feed token>) still opens the
 * right one for whoever reads it in the log.
 */
const PATH_SEGMENT = /\/([^/?#\s"'<>]+)/g;
const maskTokenSegment = (match: string, segment: string) => (looksLikeToken(segment) ? '/[token]' : match);
const MAX_FIELD_LENGTH = 500;

/** Hides anything that looks like an e-mail address, a phone number or a link's token. */
export function maskPersonalData(text: string): string {
  return text
    .replace(SECRET_IN_PATH, maskPathSecrets)
    .replace(PATH_SEGMENT, maskTokenSegment)
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]');
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';

/**
 * What an error says, for a log: its name and first line (no stack, nothing past the first line,
 * where Drizzle puts a failed query's parameters). The cause comes first when there is one:
 * Drizzle's "Failed query: <the whole SQL>" would otherwise push the real reason past the cut.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, MAX_FIELD_LENGTH);
  const text =
    error.cause instanceof Error
      ? `${error.name}: ${firstLine(error.cause.message)} (in: ${firstLine(error.message)})`
      : `${error.name}: ${firstLine(error.message)}`;
  return text.slice(0, MAX_FIELD_LENGTH);
}

const writers: Record<LogLevel, (line: string) => void> = {
  info: (line) => console.info(line),
  warn: (line) => console.warn(line),
  error: (line) => console.error(line),
};

function write(level: LogLevel, msg: string, fields: LogFields = {}): void {
  const line: Record<string, unknown> = { level, msg };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    line[key] = typeof value === 'string' ? maskPersonalData(value).slice(0, MAX_FIELD_LENGTH) : value;
  }
  writers[level](JSON.stringify(line));
}

export const log = {
  info: (msg: string, fields?: LogFields) => write('info', msg, fields),
  warn: (msg: string, fields?: LogFields) => write('warn', msg, fields),
  error: (msg: string, fields?: LogFields) => write('error', msg, fields),
};
