import { describe, expect, it } from 'vitest';
import { csvDownload } from '../../src/admin/shell/csv-download';
import { takeLogs } from '../support/console-guard';

/** Everything a download's body gives before it ends: its text, and whether it ended cleanly. */
async function readAll(res: Response): Promise<{ text: string; failed: boolean }> {
  const reader = res.body!.getReader();
  // The byte-order mark kept: it is part of what the owner's spreadsheet reads.
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

describe('a CSV download', () => {
  it('streams the header, then each part from its cursor until it is done, as one file', async () => {
    const seen: (number | null)[] = [];
    const res = csvDownload<number>(
      'things',
      ['Name', 'Count'],
      [
        async (cursor) => {
          seen.push(cursor);
          return cursor === null ? { text: '"a","1"\r\n', next: 1 } : { text: '"b","2"\r\n', next: null };
        },
        async (cursor) => {
          seen.push(cursor);
          return { text: '"c","3"\r\n', next: null };
        },
      ],
    );
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="things-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    expect(await readAll(res)).toEqual({ text: '\uFEFF"Name","Count"\r\n"a","1"\r\n"b","2"\r\n"c","3"\r\n', failed: false });
    // The second part starts from its own beginning, not the first part's last cursor.
    expect(seen).toEqual([null, 1, null]);
  });

  it('ends in error when a batch fails, so the browser reports a failed download, not a file cut short', async () => {
    const res = csvDownload<number>(
      'leads',
      ['Name'],
      [
        async (cursor) => {
          if (cursor === null) return { text: '"Ann Example"\r\n', next: 1 };
          throw new Error('D1_ERROR: Network connection lost.');
        },
      ],
    );
    const { text, failed } = await readAll(res);
    expect(failed).toBe(true);
    expect(text).toBe('\uFEFF"Name"\r\n"Ann Example"\r\n');
    // Which export failed and why, nothing of what it held.
    expect(takeLogs('error', 'csv export failed')).toEqual([
      { level: 'error', msg: 'csv export failed', export: 'leads', error: 'Error: D1_ERROR: Network connection lost.' },
    ]);
  });
});
