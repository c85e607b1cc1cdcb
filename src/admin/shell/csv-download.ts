import { errorText, log } from '../../log';
import { londonDay } from '../../rules/uk-time';
import { ADMIN_HEADERS } from './admin-headers';

/**
 * CSV for spreadsheets (RFC 4180): every cell quoted, quotes doubled, rows ended with CRLF.
 * A cell that starts with = + - @ (or a tab or CR) would be read by Excel, LibreOffice or
 * Google Sheets as a formula, so it gets a leading apostrophe: visitors wrote these fields. Phone
 * numbers are written in their national form instead, which starts with a digit.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** One batch of a download: its rows' text, and the cursor after them (null: that part is done). */
type CsvPart<Cursor> = (cursor: Cursor | null) => Promise<{ text: string; next: Cursor | null }>;

const encoder = new TextEncoder();

/**
 * A CSV file streamed to the owner's browser batch by batch (the leads', the accountant's), so an
 * export scales with its table: a byte-order mark and the header, then each part's batches from
 * its cursor until it says it is done. A batch that fails ends the stream in error, never as a
 * clean end, so the browser reports the download failed instead of saving a file cut short; the
 * log says which export, nothing of what was in it.
 */
export function csvDownload<Cursor>(name: string, header: readonly string[], parts: readonly CsvPart<Cursor>[]): Response {
  let part = 0;
  let cursor: Cursor | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so Excel reads the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
        return;
      }
      try {
        // workerd takes a pull that neither enqueues nor closes for a Worker that hung, so a batch
        // with no text (the empty one after a full last batch, an empty part) reads on.
        for (;;) {
          const read = parts[part];
          if (!read) return controller.close();
          const { text, next } = await read(cursor);
          cursor = next;
          if (!next) part += 1;
          if (text) return controller.enqueue(encoder.encode(text));
        }
      } catch (error) {
        log.error('csv export failed', { export: name, error: errorText(error) });
        controller.error(error);
      }
    },
  });
  // The owner's date (UK), as on every admin page: not UTC's, a day behind after midnight in summer.
  const date = londonDay(Date.now());
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${date}.csv"`,
      ...ADMIN_HEADERS,
    },
  });
}
