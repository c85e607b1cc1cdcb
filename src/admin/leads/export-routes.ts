import { Hono } from 'hono';
import { type LeadCursor, leadsForExport, listWhere } from '../../db/admin-leads';
import { d1Database } from '../../db/client';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { ADMIN_HEADERS, type AdminEnv } from '../shell/render';
import { csvRow, LEAD_CSV_HEADER, leadCsvRow } from './csv';
import { leadQueryOf } from './lead-query';
import { LEADS_CSV_PATH } from './paths';

/** The leads as a spreadsheet. */
export const leadExportRoutes = new Hono<AdminEnv>();
/** Exports are the owner's. */
declareAccess(leadExportRoutes, { who: 'owner' });

const EXPORT_BATCH = 500;

/**
 * The leads the inbox shows with the same filter and search (every page of them) as CSV, newest
 * first, streamed in batches so the export scales with the table.
 */
leadExportRoutes.get(LEADS_CSV_PATH, async (c) => {
  await audit(c, 'leads-exported', 'leads', c.req.url.includes('?') ? 'filtered' : 'all');
  const db = d1Database(c.env);
  const where = listWhere(leadQueryOf({ get: (name) => c.req.query(name) }));
  const content = c.var.content;
  const encoder = new TextEncoder();
  let cursor: LeadCursor | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so Excel reads the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(LEAD_CSV_HEADER)}`));
        return;
      }
      const rows = await leadsForExport(db, cursor, EXPORT_BATCH, where);
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((row) => leadCsvRow(row, content)).join('')));
      const last = rows.at(-1)?.lead;
      if (!last || rows.length < EXPORT_BATCH) controller.close();
      else cursor = { createdAt: last.createdAt, id: last.id };
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${date}.csv"`,
      ...ADMIN_HEADERS,
    },
  });
});
