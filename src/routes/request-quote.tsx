import type { Context, Hono } from 'hono';
import type { Lead } from '../db/schema';
import type { AppEnv } from '../env';
import { errorResponse } from '../http/errors';
import { afterResponse } from '../http/execution';
import type { QuoteNotice } from '../pages/CustomerQuotePage';

/**
 * The customer's quote under their request link, /r/<token>/quote: see it (the first view is
 * recorded), choose optional lines and alternatives ("Update the total": the server totals them),
 * accept, decline or ask a question; and the reminders' own stop link (/quote/stop: a page, then
 * its post, so a link scanner stops nothing). Mounted by the request routes, so the same token check, rate
 * limit, headers and log masking apply. A lead with no quote sent is a 404, like a wrong token.
 */

type WithLead = (c: Context<AppEnv>, act: (lead: Lead, path: string) => Promise<Response> | Response) => Promise<Response>;

/** Imported with the first quote request: the quote's queries, moves and page. */
async function parts() {
  const [customer, actions, acceptance, page, stopPage] = await Promise.all([
    import('../quotes/customer-quote'),
    import('../quotes/quote-actions'),
    import('../quotes/acceptance'),
    import('../pages/CustomerQuotePage'),
    import('../pages/StopQuoteRemindersPage'),
  ]);
  // Named, not spread, so what each module gives is seen as used.
  return {
    customerQuote: customer.customerQuote,
    alertQuoteAnswer: customer.alertQuoteAnswer,
    alertQuoteQuestion: customer.alertQuoteQuestion,
    readAcceptance: customer.readAcceptance,
    readDeclineReason: customer.readDeclineReason,
    readQuestion: customer.readQuestion,
    recordQuoteQuestion: customer.recordQuoteQuestion,
    acceptQuote: actions.acceptQuote,
    declineQuote: actions.declineQuote,
    tellQuoteAnswerNow: actions.tellQuoteAnswerNow,
    stopQuoteRemindersOf: actions.stopQuoteRemindersOf,
    choicesFromForm: acceptance.choicesFromForm,
    acceptanceRecord: acceptance.acceptanceRecord,
    CustomerQuotePage: page.CustomerQuotePage,
    QUOTE_NOTICES: page.QUOTE_NOTICES,
    StopQuoteRemindersPage: stopPage.StopQuoteRemindersPage,
  };
}

const meta = (path: string) => ({ title: 'Your quote', description: 'Your quote.', path: `${path}/quote`, noindex: true });

const stringsOf = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

export function registerQuoteRoutes(routes: Hono<AppEnv>, token: string, withLead: WithLead) {
  const withQuote = (
    c: Context<AppEnv>,
    act: (
      lead: Lead,
      path: string,
      found: NonNullable<Awaited<ReturnType<Awaited<ReturnType<typeof parts>>['customerQuote']>>>['found'],
      p: Awaited<ReturnType<typeof parts>>,
    ) => Promise<Response> | Response,
  ) =>
    withLead(c, async (lead, path) => {
      const p = await parts();
      const read = await p.customerQuote(c.env, lead);
      if (!read) return errorResponse(c, 404);
      if (read.firstView) afterResponse(c, p.alertQuoteAnswer(c.env, lead));
      return act(lead, path, read.found, p);
    });

  routes.get(`/r/:token${token}/quote`, (c) =>
    withQuote(c, (_lead, path, found, p) => {
      const done = c.req.query('done');
      const notice = done && done in p.QUOTE_NOTICES ? (done as QuoteNotice) : undefined;
      const choices = found.acceptance ? JSON.parse(found.acceptance.choices) : p.choicesFromForm(found.lines, {});
      return c.render(<p.CustomerQuotePage found={found} path={path} choices={choices} notice={notice} />, meta(path));
    }),
  );

  routes.post(`/r/:token${token}/quote`, (c) =>
    withQuote(c, async (_lead, path, found, p) => {
      const body = await c.req.parseBody({ all: true });
      const choices = p.choicesFromForm(found.lines, body);
      const values = stringsOf(body);
      const page = (errors?: Record<string, string>) =>
        c.render(<p.CustomerQuotePage found={found} path={path} choices={choices} errors={errors} values={values} />, meta(path));
      if (body.action !== 'accept') return page();
      // Accepted already (a second tap, a resent form): the page as it is says so.
      if (found.quote.state === 'accepted') return c.redirect(`${path}/quote`, 303);
      if (values.quote !== found.quote.id || values.rowVersion !== String(found.quote.rowVersion)) {
        c.status(409);
        return page({ _form: 'The quote changed since you opened it: please check it again before accepting.' });
      }
      const read = p.readAcceptance(values, found.quote.business);
      if (!read.ok) {
        c.status(422);
        return page(read.errors);
      }
      const now = Date.now();
      const record = await p.acceptanceRecord(found, {
        typedName: read.typedName,
        expressStart: read.expressStart,
        choices,
        now,
      });
      const accepted = await p.acceptQuote(c.env, found.quote, record, now);
      if (!accepted) {
        // Withdrawn, expired or answered at the same moment: the page as it now is says which.
        return c.redirect(`${path}/quote`, 303);
      }
      afterResponse(c, p.tellQuoteAnswerNow(c.env, accepted, now));
      return c.redirect(`${path}/quote?done=accepted`, 303);
    }),
  );

  routes.post(`/r/:token${token}/quote/decline`, (c) =>
    withQuote(c, async (_lead, path, found, p) => {
      const body = stringsOf(await c.req.parseBody());
      const read = p.readDeclineReason(body);
      const reason = read.ok ? read.data.reason : '';
      if (body.quote !== found.quote.id || body.rowVersion !== String(found.quote.rowVersion))
        return c.redirect(`${path}/quote`, 303);
      const now = Date.now();
      const declined = await p.declineQuote(c.env, found.quote, reason, now);
      if (declined) afterResponse(c, p.tellQuoteAnswerNow(c.env, declined, now));
      return c.redirect(`${path}/quote${declined ? '?done=declined' : ''}`, 303);
    }),
  );

  routes.post(`/r/:token${token}/quote/question`, (c) =>
    withQuote(c, async (lead, path, found, p) => {
      const body = stringsOf(await c.req.parseBody());
      const read = p.readQuestion(body);
      if (!read.ok) {
        c.status(422);
        const choices = p.choicesFromForm(found.lines, {});
        return c.render(
          <p.CustomerQuotePage found={found} path={path} choices={choices} errors={read.errors} values={body} />,
          meta(path),
        );
      }
      const now = Date.now();
      await p.recordQuoteQuestion(c.env, lead, found, read.data.question, now);
      afterResponse(c, p.alertQuoteQuestion(c.env, lead, now));
      return c.redirect(`${path}/quote?done=asked`, 303);
    }),
  );

  // Any lead with a link may stop its quote reminders, quote or not: nothing to show but the page.
  routes.get(`/r/:token${token}/quote/stop`, (c) =>
    withLead(c, async (lead, path) => {
      const { StopQuoteRemindersPage } = await parts();
      return c.render(<StopQuoteRemindersPage path={path} stopped={lead.quoteRemindersStoppedAt !== null} />, {
        ...meta(path),
        title: 'Quote reminders',
        path: `${path}/quote/stop`,
      });
    }),
  );

  routes.post(`/r/:token${token}/quote/stop`, (c) =>
    withLead(c, async (lead, path) => {
      await (await parts()).stopQuoteRemindersOf(c.env, lead);
      return c.redirect(`${path}/quote/stop`, 303);
    }),
  );
}
