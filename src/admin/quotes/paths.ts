import type { Context } from 'hono';
import type { AdminEnv } from '../shell/render';

/** The admin's addresses for quotes; the routes, the list and the lead page agree on these. */

export const QUOTES_PATH = '/admin/quotes';
export const NEW_QUOTE_PATH = `${QUOTES_PATH}/new`;
export const QUOTE_ID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const QUOTE_ID = new RegExp(`^${QUOTE_ID_PATTERN}$`);

export const quotePath = (id: string) => `${QUOTES_PATH}/${id}`;
/** "Write a quote" from a lead: the new quote prefilled with its customer and service. */
export const quoteForLeadPath = (leadId: string) => `${NEW_QUOTE_PATH}?lead=${leadId}`;

export const quoteIdOf = (c: Context<AdminEnv>) => {
  const id = c.req.param('id') ?? '';
  return QUOTE_ID.test(id) ? id : null;
};
