import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { findLead } from '../../db/leads';
import { expireIfPast } from '../../db/quote-moves';
import { listQuotes } from '../../db/quote-reads';
import { copyQuote, createQuoteDraft, findQuote, laterVersions, type QuoteDraft, saveQuoteDraft } from '../../db/quotes';
import type { Quote } from '../../db/schema';
import { errorResponse } from '../../http/errors';
import { afterResponse } from '../../http/execution';
import { deliverQuoteMailNow, sendQuoteToCustomer, withdrawQuote } from '../../quotes/quote-actions';
import { penceOfPounds } from '../../rules/money';
import { depositOverTotal, type QuoteForm, quoteFormInput, quoteFormSchema, sendable } from '../../rules/quote-form';
import { QUOTE_STATE_LABELS } from '../../rules/quote-state';
import { validate } from '../../rules/validation';
import { serviceIn } from '../../site-content/view';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { actorOf } from '../leads/actor';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { valuesOfLead, valuesOfPost, valuesOfQuote } from './editor-values';
import { NEW_QUOTE_PATH, QUOTE_ID_PATTERN, QUOTES_PATH, quoteIdOf, quotePath } from './paths';
import { QuoteEditorPage } from './QuoteEditorPage';
import { QuotePage } from './QuotePage';
import { QuotesListPage } from './QuotesListPage';

/**
 * The owner's and the office's quotes: the list, writing one (from a lead or from nothing),
 * saving a draft ("Add a line" is a save that gives another blank line), sending it, and for a
 * sent one revising, withdrawing or duplicating it. Every post carries the row version its page
 * was read at; a stale one answers 409 naming the change. Logs and audit rows carry ids only.
 */
export const quoteRoutes = new Hono<AdminEnv>();
declareAccess(quoteRoutes, { who: 'staff' });

type Ctx = Context<AdminEnv>;

const ID = `:id{${QUOTE_ID_PATTERN}}`;
const vatRegistered = (c: Ctx) => c.var.content.site.vatNumber.trim() !== '';
const notFound = (c: Ctx) => errorResponse(asAppContext(c), 404);
const stale = (quote: Quote) =>
  `The quote changed while you were looking at it: it is now ${QUOTE_STATE_LABELS[quote.state].toLowerCase()} (version ${quote.version}, saved ${quote.rowVersion} times). Nothing was saved from your form; here it is as it stands.`;

async function quoteOf(c: Ctx) {
  const id = quoteIdOf(c);
  return id ? findQuote(d1Database(c.env), id) : undefined;
}

const readVersion = (body: Record<string, unknown>) => Number(typeof body.rowVersion === 'string' ? body.rowVersion : NaN);

quoteRoutes.get(QUOTES_PATH, async (c) => {
  const now = Date.now();
  const rows = await listQuotes(d1Database(c.env), now);
  return renderAdmin(<QuotesListPage rows={rows} now={now} />, signedIn(c, 'Quotes', 'quotes'));
});

quoteRoutes.get(NEW_QUOTE_PATH, async (c) => {
  const leadId = c.req.query('lead');
  const lead = leadId && /^[0-9a-f-]{36}$/.test(leadId) ? await findLead(d1Database(c.env), leadId) : undefined;
  const service = lead?.service ? serviceIn(c.var.content, lead.service) : undefined;
  const price = service ? c.var.content.prices[service.slug] : undefined;
  const firstLine = service && price ? { description: service.title, pence: penceOfPounds(price.from) } : undefined;
  const page = (
    <QuoteEditorPage
      quoteId={null}
      rowVersion={0}
      leadId={lead?.id ?? null}
      values={valuesOfLead(lead, firstLine, vatRegistered(c))}
      vatRegistered={vatRegistered(c)}
      csrf={c.var.session.csrf}
    />
  );
  return renderAdmin(page, signedIn(c, 'Write a quote', 'quotes'));
});

/**
 * The draft as saved. A business without a VAT number charges no VAT, whatever rate a form posted
 * (one opened before the number was removed, or made by hand): every line is 'No VAT'.
 */
function draftOf(c: Ctx, form: QuoteForm, leadId: string | null): QuoteDraft {
  const { deposit, lines, ...fields } = form;
  const registered = vatRegistered(c);
  const charged = registered ? lines : lines.map((line) => ({ ...line, vatRate: 'none' as const }));
  return { ...fields, lines: charged, ...deposit, leadId, terms: c.var.content.site.quoteTerms, vatRegistered: registered };
}

/** The editor again, with what was posted and why it was refused. */
function refused(
  c: Ctx,
  props: { quoteId: string | null; rowVersion: number; leadId: string | null; body: Record<string, unknown> },
  errors: Record<string, string> | undefined,
  problem: string | undefined,
  status: 409 | 422,
) {
  const page = (
    <QuoteEditorPage
      {...props}
      values={valuesOfPost(props.body)}
      vatRegistered={vatRegistered(c)}
      csrf={c.var.session.csrf}
      errors={errors}
      problem={problem}
    />
  );
  return renderAdmin(page, signedIn(c, 'Write a quote', 'quotes'), status);
}

/** Saves, adds a line or sends, whichever button was pressed. */
async function afterSave(c: Ctx, saved: Quote, action: string, form: QuoteForm, body: Record<string, unknown>) {
  if (action !== 'send') return c.redirect(`${quotePath(saved.id)}${action === 'add-line' ? '#add' : ''}`, 303);
  const props = { quoteId: saved.id, rowVersion: saved.rowVersion, leadId: saved.leadId, body };
  if (!sendable(form)) return refused(c, props, { lines: 'Add a line before sending the quote.' }, undefined, 422);
  const found = await findQuote(d1Database(c.env), saved.id);
  const now = Date.now();
  const sent = found ? await sendQuoteToCustomer(c.env, found, actorOf(c), now) : undefined;
  if (!sent)
    return refused(c, props, undefined, 'The quote could not be sent: it changed, or a version of it was accepted.', 409);
  await audit(c, 'quote-sent', 'quote', sent.id);
  afterResponse(c, deliverQuoteMailNow(c.env, sent, now));
  return c.redirect(quotePath(sent.id), 303);
}

quoteRoutes.post(QUOTES_PATH, async (c) => {
  const body = await c.req.parseBody();
  const leadId = typeof body.lead === 'string' && /^[0-9a-f-]{36}$/.test(body.lead) ? body.lead : null;
  const lead = leadId ? await findLead(d1Database(c.env), leadId) : undefined;
  const read = validate(quoteFormSchema, quoteFormInput(body));
  const props = { quoteId: null, rowVersion: 0, leadId: lead?.id ?? null, body };
  if (!read.ok) return refused(c, props, read.errors, undefined, 422);
  const draft = draftOf(c, read.data, lead?.id ?? null);
  const tooBig = depositOverTotal(draft);
  if (tooBig) return refused(c, props, { deposit: tooBig }, undefined, 422);
  const now = Date.now();
  const id = await createQuoteDraft(d1Database(c.env), draft, now);
  await audit(c, 'quote-saved', 'quote', id);
  const found = await findQuote(d1Database(c.env), id);
  return afterSave(c, found!.quote, String(body.action ?? 'save'), read.data, body);
});

quoteRoutes.get(`${QUOTES_PATH}/${ID}`, async (c) => {
  const read = await quoteOf(c);
  if (!read) return notFound(c);
  // A quote past its date reads as expired here too, not only on the customer's page.
  const expired = await expireIfPast(d1Database(c.env), read.quote, Date.now());
  const found = expired === read.quote ? read : { ...read, quote: expired };
  const { quote } = found;
  if (quote.state === 'draft') {
    const page = (
      <QuoteEditorPage
        quoteId={quote.id}
        rowVersion={quote.rowVersion}
        leadId={quote.leadId}
        values={valuesOfQuote(found)}
        vatRegistered={quote.vatRegistered}
        csrf={c.var.session.csrf}
      />
    );
    return renderAdmin(page, signedIn(c, 'Draft quote', 'quotes'));
  }
  const [revision] = await laterVersions(d1Database(c.env), quote.chainId, quote.version);
  return renderAdmin(
    <QuotePage found={found} csrf={c.var.session.csrf} revision={revision?.id} />,
    signedIn(c, quote.number ?? 'Quote', 'quotes'),
  );
});

quoteRoutes.post(`${QUOTES_PATH}/${ID}`, async (c) => {
  const found = await quoteOf(c);
  if (!found) return notFound(c);
  const body = await c.req.parseBody();
  const props = { quoteId: found.quote.id, rowVersion: found.quote.rowVersion, leadId: found.quote.leadId, body };
  if (found.quote.state !== 'draft' || readVersion(body) !== found.quote.rowVersion)
    return refused(c, props, undefined, stale(found.quote), 409);
  const read = validate(quoteFormSchema, quoteFormInput(body));
  if (!read.ok) return refused(c, props, read.errors, undefined, 422);
  const draft = draftOf(c, read.data, found.quote.leadId);
  const tooBig = depositOverTotal(draft);
  if (tooBig) return refused(c, props, { deposit: tooBig }, undefined, 422);
  const saved = await saveQuoteDraft(d1Database(c.env), found.quote.id, found.quote.rowVersion, draft, Date.now());
  if (!saved) {
    const now = await findQuote(d1Database(c.env), found.quote.id);
    return refused(c, props, undefined, stale(now!.quote), 409);
  }
  await audit(c, 'quote-saved', 'quote', saved.id);
  return afterSave(c, saved, String(body.action ?? 'save'), read.data, body);
});

/** A sent quote's action posted from a page read at `rowVersion`: refused with the quote as it now is when it changed. */
async function sentAction(c: Ctx, act: (found: NonNullable<Awaited<ReturnType<typeof quoteOf>>>) => Promise<string | undefined>) {
  const found = await quoteOf(c);
  if (!found) return notFound(c);
  const body = await c.req.parseBody();
  const problem = (quote: Quote) =>
    `The quote changed while you were looking at it: it is now ${QUOTE_STATE_LABELS[quote.state].toLowerCase()}. Nothing was done.`;
  if (readVersion(body) !== found.quote.rowVersion) {
    return renderAdmin(
      <QuotePage found={found} csrf={c.var.session.csrf} problem={problem(found.quote)} />,
      signedIn(c, 'Quote', 'quotes'),
      409,
    );
  }
  const next = await act(found);
  if (next) return c.redirect(quotePath(next), 303);
  const now = (await findQuote(d1Database(c.env), found.quote.id))!;
  return renderAdmin(
    <QuotePage found={now} csrf={c.var.session.csrf} problem={problem(now.quote)} />,
    signedIn(c, 'Quote', 'quotes'),
    409,
  );
}

quoteRoutes.post(`${QUOTES_PATH}/${ID}/withdraw`, (c) =>
  sentAction(c, async ({ quote }) => {
    const withdrawn = await withdrawQuote(c.env, quote, actorOf(c));
    if (withdrawn) await audit(c, 'quote-withdrawn', 'quote', quote.id);
    return withdrawn?.id;
  }),
);

quoteRoutes.post(`${QUOTES_PATH}/${ID}/revise`, (c) =>
  sentAction(c, async (found) => {
    const [later] = await laterVersions(d1Database(c.env), found.quote.chainId, found.quote.version);
    if (later) return later.id;
    try {
      const id = await copyQuote(d1Database(c.env), found, 'revision', c.var.content.site.quoteTerms, Date.now());
      await audit(c, 'quote-revised', 'quote', id);
      return id;
    } catch {
      // Two revisions at once: the unique (chain, version) keeps the first.
      return undefined;
    }
  }),
);

quoteRoutes.post(`${QUOTES_PATH}/${ID}/duplicate`, (c) =>
  sentAction(c, async (found) => {
    const id = await copyQuote(
      d1Database(c.env),
      { ...found, quote: { ...found.quote, leadId: null } },
      'duplicate',
      c.var.content.site.quoteTerms,
      Date.now(),
    );
    await audit(c, 'quote-duplicated', 'quote', id);
    return id;
  }),
);
