import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_CSV_HEADER } from '../../src/admin/leads/csv';
import { expectAdminHeaders, request, type Session, signIn, tag } from './admin-helpers';

/** GET /admin/leads.csv: every lead, newest first, safe to open in a spreadsheet. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

/** RFC 4180 reader: quoted cells, doubled quotes, CRLF row ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

let clock = Date.parse('2095-01-01T00:00:00Z');

type Values = Record<string, string | number | null>;

const insertRow = (table: string, row: Values) => {
  const columns = Object.keys(row);
  return env.DB.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).bind(
    ...Object.values(row),
  );
};

/** A lead with its owner's e-mail (`owner`) and, when given, a confirmation (`customer`) and photos' rows. */
async function insert(values: Values, more: { owner?: Values; customer?: Values; photos?: number } = {}) {
  clock += 1000;
  const row = {
    id: crypto.randomUUID(),
    kind: 'contact',
    name: 'Name',
    email: `csv.${tag()}@example.org`,
    phone: '',
    address: '',
    service: '',
    message: '',
    created_at: clock,
    updated_at: clock,
    handled_at: null,
    ...values,
  };
  const message = (kind: string, fields: Values) =>
    insertRow('lead_messages', {
      id: crypto.randomUUID(),
      lead_id: row.id,
      kind,
      status: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: clock,
      created_at: clock,
      updated_at: clock,
      ...fields,
    });
  await env.DB.batch([
    insertRow('leads', row),
    message('owner', more.owner ?? {}),
    ...(more.customer ? [message('customer', more.customer)] : []),
    ...Array.from({ length: more.photos ?? 0 }, (_, i) =>
      insertRow('lead_photos', {
        lead_id: row.id,
        position: i + 1,
        key: `leads/${row.id}/${i + 1}-x.jpg`,
        content_type: 'image/jpeg',
        bytes: 10,
      }),
    ),
  ]);
  return row;
}

describe('the CSV export', () => {
  it('is a UTF-8 attachment, never cached, with a header row and every lead newest first', async () => {
    const older = await insert({ name: 'Older' });
    const newer = await insert(
      { name: 'Newer', kind: 'quote', service: 'cctv-drain-survey', best_time: 'evening', area_check: 'outside' },
      {
        owner: { status: 'failed', last_error: 'HTTP 400', sent_at: null },
        customer: { status: 'retrying', attempts: 2, last_error: 'HTTP 500', sent_at: null },
        photos: 3,
      },
    );
    const res = await request('/admin/leads.csv', { cookie: session.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expectAdminHeaders(res);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark first, so Excel reads UTF-8 (Response.text() drops it again).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('"id","received_at",')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...LEAD_CSV_HEADER]);
    const ids = rows.map((r) => r[0]);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const line = rows.find((r) => r[0] === newer.id)!;
    expect(line).toEqual([
      newer.id,
      new Date(newer.created_at as number).toISOString(),
      'quote',
      'Newer',
      newer.email,
      '',
      '',
      'cctv-drain-survey',
      '',
      'failed',
      '1',
      'HTTP 400',
      '',
      '',
      'evening',
      'outside',
      '3',
      'retrying',
      '2',
      'HTTP 500',
      '',
      // No attribution on this lead: the ten columns at the end are empty.
      ...Array(10).fill(''),
    ]);
    // A lead without a confirmation (from before, or with confirmations off) leaves those cells empty.
    const old = rows.find((r) => r[0] === older.id)!;
    expect(old.slice(9, 13)).toEqual(['sent', '1', '', new Date(older.created_at as number).toISOString()]);
    expect(old.slice(14, 21)).toEqual(['', '', '0', '', '', '', '']);
  });

  it('escapes commas, quotes and line breaks, and defuses formulas', async () => {
    const lead = await insert(
      {
        name: '=HYPERLINK("https://evil.example","Click")',
        phone: '+44 7700 900123',
        address: '@SUM(A1:A2), Flat "B"',
        message: 'Line one, with comma\r\nLine "two"\n-1+2',
      },
      { owner: { last_error: '\tTabbed' } },
    );
    const text = await (await request('/admin/leads.csv', { cookie: session.cookie })).text();
    expect(text).toContain('"\'=HYPERLINK(""https://evil.example"",""Click"")"');
    const line = parseCsv(text).find((r) => r[0] === lead.id)!;
    expect(line[3]).toBe('\'=HYPERLINK("https://evil.example","Click")');
    expect(line[5]).toBe("'+44 7700 900123");
    expect(line[6]).toBe('\'@SUM(A1:A2), Flat "B"');
    expect(line[8]).toBe('Line one, with comma\r\nLine "two"\n-1+2');
    expect(line[11]).toBe("'\tTabbed");
    for (const row of parseCsv(text)) expect(row).toHaveLength(LEAD_CSV_HEADER.length);
  });

  it('ends each row with where the lead came from, formulas defused there too', async () => {
    const lead = await insert({
      source: 'advert',
      form_page: '/contact',
      previous_page: '/services/drain-unblocking',
      referrer_origin: null,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: '=1+1',
      utm_term: null,
      utm_content: null,
      gclid: 'X',
    });
    const rows = parseCsv(await (await request('/admin/leads.csv', { cookie: session.cookie })).text());
    expect(rows[0]!.slice(-10)).toEqual([
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
    ]);
    const line = rows.find((r) => r[0] === lead.id)!;
    expect(line.slice(-10)).toEqual([
      'advert',
      '/contact',
      '/services/drain-unblocking',
      '',
      'google',
      'cpc',
      "'=1+1",
      '',
      '',
      'X',
    ]);
    // And the lead's card in the list says it in one line.
    const list = await (await request('/admin/leads', { cookie: session.cookie })).text();
    expect(list).toContain(
      '<dt>Came from</dt><dd>Advert (google / cpc, =1+1), via /services/drain-unblocking, form on /contact</dd>',
    );
  });

  it('streams more than one batch', async () => {
    for (let i = 0; i < 3; i++) {
      const values = Array.from({ length: 200 }, () => {
        clock += 1;
        return `('${crypto.randomUUID()}', 'contact', 'Bulk', 'bulk@example.org', ${clock}, ${clock})`;
      });
      await env.DB.prepare(`INSERT INTO leads (id, kind, name, email, created_at, updated_at) VALUES ${values.join(', ')}`).run();
    }
    const total = await env.DB.prepare('SELECT count(*) AS n FROM leads').first<number>('n');
    const rows = parseCsv(await (await request('/admin/leads.csv', { cookie: session.cookie })).text());
    expect(rows).toHaveLength(total! + 1);
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
  });
});
