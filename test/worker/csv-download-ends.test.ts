import { beforeAll, describe, expect, it } from 'vitest';
import { csvDownload } from '../../src/admin/shell/csv-download';
import { takeLogs } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { seedLeads } from './scale-fixtures';

/**
 * Every CSV download ends, in workerd itself (bench:scale stopped at 3,000 leads): a stream whose
 * pull returns without a chunk or an end is taken by workerd as a Worker that hung, so a batch
 * that adds no text (the empty one after a full last batch, an empty part) must not end a pull.
 * The leads' export reads 500 leads a batch (EXPORT_BATCH in src/admin/leads/owner-routes.tsx).
 */

const BATCH = 500;

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

/** The leads' export: the lead rows after its header. */
async function exportedLeadRows() {
  const res = await request('/admin/leads.csv', { cookie: session.cookie });
  expect(res.status).toBe(200);
  const rows = (await res.text()).split('\r\n').filter((row) => row !== '');
  expect(rows[0]).toMatch(/^\uFEFF?"Reference"/);
  return rows.slice(1);
}

/** The whole body, read by workerd's own consumer (as Response.text() is), its byte-order mark kept. */
const wholeText = async (res: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());

/** Everything a body gives, chunk by chunk, before it ends, and whether it ended in error. */
async function readAll(res: Response): Promise<{ text: string; failed: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, failed: false };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, failed: true };
  }
}

// One file's D1, so the leads each step adds are the only ones: the steps run in order.
describe("the leads' export through the Worker", () => {
  it('ends with the header alone when there are no leads (the first batch is empty)', async () => {
    expect(await exportedLeadRows()).toEqual([]);
  });

  it('ends after one batch that is not full', async () => {
    await seedLeads(3, Date.parse('2031-01-01T09:00:00Z'), 'few');
    expect(await exportedLeadRows()).toHaveLength(3);
  });

  it('ends after exactly one full batch (the next batch reads nothing)', async () => {
    await seedLeads(BATCH - 3, Date.parse('2032-01-01T09:00:00Z'), 'full');
    expect(await exportedLeadRows()).toHaveLength(BATCH);
  });

  it('ends after an exact multiple of the batch, each lead once', async () => {
    const { leads } = await seedLeads(BATCH, Date.parse('2033-01-01T09:00:00Z'), 'more');
    const rows = await exportedLeadRows();
    expect(rows).toHaveLength(2 * BATCH);
    expect(new Set(rows).size).toBe(2 * BATCH);
    // Newest first: the last seeded lead heads the file.
    expect(rows[0]).toContain(leads.at(-1)!.name);
  });
});

/** A part that gives `batches` in turn, one a read, done after the last. */
const partOf =
  (batches: readonly string[]) =>
  async (cursor: number | null): Promise<{ text: string; next: number | null }> => {
    const at = cursor ?? 0;
    return { text: batches[at] ?? '', next: at + 1 < batches.length ? at + 1 : null };
  };

// Read whole in workerd, each of these but the first hung before pull read on past a batch with no
// text. (The leads' export above answered even so: how soon its body is read decides it.)
describe('csvDownload in workerd', () => {
  it('ends after one batch', async () => {
    const res = csvDownload('things', ['Name'], [partOf(['"a"\r\n'])]);
    expect(await wholeText(res)).toBe('\uFEFF"Name"\r\n"a"\r\n');
  });

  it('ends after an exact multiple of the batch size (the batch after the last full one is empty)', async () => {
    const res = csvDownload('things', ['Name'], [partOf(['"a"\r\n', '"b"\r\n', ''])]);
    expect(await wholeText(res)).toBe('\uFEFF"Name"\r\n"a"\r\n"b"\r\n');
  });

  it('ends when there is nothing at all to export', async () => {
    const res = csvDownload('things', ['Name'], [partOf(['']), partOf([''])]);
    expect(await wholeText(res)).toBe('\uFEFF"Name"\r\n');
  });

  it('reads past an empty part and empty batches to the next text and the end', async () => {
    const res = csvDownload<number>('things', ['Name'], [partOf(['']), partOf(['', '"a"\r\n', '']), partOf([''])]);
    expect(await wholeText(res)).toBe('\uFEFF"Name"\r\n"a"\r\n');
  });

  it('ends in error when a batch fails after empty ones, and logs the export by name alone', async () => {
    const res = csvDownload<number>(
      'payments',
      ['Name'],
      [
        partOf(['']),
        async (cursor) => {
          if (cursor === null) return { text: '', next: 1 };
          throw new Error('D1_ERROR: Network connection lost.');
        },
      ],
    );
    expect(await readAll(res)).toEqual({ text: '\uFEFF"Name"\r\n', failed: true });
    expect(takeLogs('error', 'csv export failed')).toEqual([
      { level: 'error', msg: 'csv export failed', export: 'payments', error: 'Error: D1_ERROR: Network connection lost.' },
    ]);
  });
});
