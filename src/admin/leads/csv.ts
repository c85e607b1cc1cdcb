import type { ExportedLead } from '../../db/admin-leads';

/**
 * CSV for spreadsheets (RFC 4180): every cell quoted, quotes doubled, rows ended with CRLF.
 * A cell that starts with = + - @ (or a tab or CR) would be read by Excel, LibreOffice or
 * Google Sheets as a formula, so it gets a leading apostrophe: visitors wrote these fields.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const isoOrEmpty = (ms: number | null | undefined) => (ms === null || ms === undefined ? '' : new Date(ms).toISOString());

/**
 * The columns, in an order kept from before leads had two e-mails: status, attempts, last_error
 * and sent_at are the owner's e-mail; what came later is added at the end, so a spreadsheet built
 * on the old columns still reads them.
 */
export const LEAD_CSV_HEADER = [
  'id',
  'received_at',
  'kind',
  'name',
  'email',
  'phone',
  'address',
  'service',
  'message',
  'status',
  'attempts',
  'last_error',
  'sent_at',
  'handled_at',
  'best_time',
  'area_check',
  'photos',
  'confirmation_status',
  'confirmation_attempts',
  'confirmation_last_error',
  'confirmation_sent_at',
  // Where the lead came from (src/leads/attribution.ts): added at the end, so older
  // spreadsheets' columns keep their places.
  'source',
  'form_page',
  'previous_page',
  'referrer_origin',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
] as const;

export function leadCsvRow({ lead, owner, customer, photoCount }: ExportedLead): string {
  return csvRow([
    lead.id,
    isoOrEmpty(lead.createdAt),
    lead.kind,
    lead.name,
    lead.email,
    lead.phone,
    lead.address,
    lead.service,
    lead.message,
    owner?.status,
    owner?.attempts,
    owner?.lastError,
    isoOrEmpty(owner?.sentAt),
    isoOrEmpty(lead.handledAt),
    lead.bestTime,
    lead.areaCheck,
    photoCount,
    customer?.status,
    customer?.attempts,
    customer?.lastError,
    isoOrEmpty(customer?.sentAt),
    lead.source,
    lead.formPage,
    lead.previousPage,
    lead.referrerOrigin,
    lead.utmSource,
    lead.utmMedium,
    lead.utmCampaign,
    lead.utmTerm,
    lead.utmContent,
    lead.gclid,
  ]);
}
