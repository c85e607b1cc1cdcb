import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_CSV_HEADER } from '../../src/admin/leads/csv';
import { leadReference } from '../../src/leads/lead-summary';
import { expectAdminHeaders, request, type Session, signIn, tag } from './admin-helpers';

/** GET /admin/leads.csv: the inbox's leads (its filter and search), newest first, in words, safe to open in a spreadsheet. */

const ref = (row: { id: string }) => leadReference(row.id);

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

// A winter date (GMT) and, below, a summer one (BST): the CSV's times are UK time.
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
    expect(text.startsWith('"Reference","Received (UK time)",')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...LEAD_CSV_HEADER]);
    const refs = rows.map((r) => r[0]);
    expect(refs.indexOf(ref(newer))).toBeLessThan(refs.indexOf(ref(older)));
    const line = rows.find((r) => r[0] === ref(newer))!;
    const received = new Date(newer.created_at as number);
    expect(line).toEqual([
      ref(newer),
      `2095-01-01 ${String(received.getUTCHours()).padStart(2, '0')}:${String(received.getUTCMinutes()).padStart(2, '0')}`,
      'Quote request',
      'New',
      'Newer',
      '',
      newer.email,
      '',
      'CCTV Drain Surveys',
      '',
      'Evening (5pm to 8pm)',
      'Outside our areas',
      '3',
      '',
      '',
      '',
      '',
      'Failed after 1 attempt: HTTP 400',
      'Retrying after 2 attempts: HTTP 500',
      // No attribution on this lead: the ten columns at the end are empty.
      ...Array(10).fill(''),
    ]);
    // A lead without a confirmation (from before, or with confirmations off) leaves that cell empty.
    const old = rows.find((r) => r[0] === ref(older))!;
    expect(old.slice(17, 19)).toEqual([`Sent ${old[1]}`, '']);
  });

  it('says a booked and a finished job in words, with UK summer time', async () => {
    clock = Date.parse('2095-07-01T12:00:00Z');
    const booked = await insert({ job_status: 'booked', booked_day: '2095-07-03', booked_from: '10:00', booked_to: '12:00' });
    const done = await insert({ job_status: 'done', job_value_pence: 12550, handled_at: Date.parse('2095-07-02T16:30:00Z') });
    const lost = await insert({ job_status: 'lost', lost_reason: 'no-answer', handled_at: Date.parse('2095-07-02T16:30:00Z') });
    const rows = parseCsv(await (await request('/admin/leads.csv', { cookie: session.cookie })).text());
    const cells = (row: { id: string }) => rows.find((r) => r[0] === ref(row))!;
    expect(cells(booked)[1]).toBe('2095-07-01 13:00');
    expect(cells(booked).slice(3, 4)).toEqual(['Booked']);
    expect(cells(booked)[13]).toBe('Sunday 3 July 2095, 10am to 12pm');
    expect(cells(done).slice(13, 17)).toEqual(['', '125.50', '', '2095-07-02 17:30']);
    expect(cells(lost).slice(3, 4)).toEqual(['Lost']);
    expect(cells(lost)[15]).toBe('No answer');
  });

  it('exports the inbox’s current filter and search, every page of it', async () => {
    const match = await insert({ kind: 'quote', name: `Filtered ${tag()}`, job_status: 'contacted' });
    const otherForm = await insert({ kind: 'contact', name: 'Other form', job_status: 'contacted' });
    const otherStatus = await insert({ kind: 'quote', name: 'Other status', job_status: 'new' });
    const rows = parseCsv(
      await (await request('/admin/leads.csv?status=contacted&form=quote', { cookie: session.cookie })).text(),
    );
    const refs = rows.map((r) => r[0]);
    expect(refs).toContain(ref(match));
    expect(refs).not.toContain(ref(otherForm));
    expect(refs).not.toContain(ref(otherStatus));
    for (const row of rows.slice(1)) expect(row.slice(2, 4)).toEqual(['Quote request', 'Contacted']);
    const searched = parseCsv(
      await (await request(`/admin/leads.csv?q=${encodeURIComponent(match.name as string)}`, { cookie: session.cookie })).text(),
    );
    expect(searched.map((r) => r[0])).toEqual([searched[0]![0], ref(match)]);
  });

  it('escapes commas, quotes and line breaks, and defuses formulas', async () => {
    const lead = await insert(
      {
        name: '=HYPERLINK("https://evil.example","Click")',
        phone: '+44 7700 900123',
        address: '@SUM(A1:A2), Flat "B"',
        message: 'Line one, with comma\r\nLine "two"\n-1+2',
      },
      {},
    );
    const text = await (await request('/admin/leads.csv', { cookie: session.cookie })).text();
    expect(text).toContain('"\'=HYPERLINK(""https://evil.example"",""Click"")"');
    const line = parseCsv(text).find((r) => r[0] === ref(lead))!;
    expect(line[4]).toBe('\'=HYPERLINK("https://evil.example","Click")');
    expect(line[5]).toBe('07700 900123');
    expect(line[7]).toBe('\'@SUM(A1:A2), Flat "B"');
    expect(line[9]).toBe('Line one, with comma\r\nLine "two"\n-1+2');
    expect(line[17]).toBe(`Sent ${line[1]}`);
    for (const row of parseCsv(text)) expect(row).toHaveLength(LEAD_CSV_HEADER.length);
  });

  it('writes phone numbers as people in the UK write them, with no apostrophe; other numbers dialled with 00', async () => {
    const written = {
      '+44 7700 900777': '07700 900777',
      '07700900777': '07700 900777',
      '0044 (0)1632 960123': '01632 960123',
      '+44 20 7946 0000': '020 7946 0000',
      '0113 496 0000': '0113 496 0000',
      '+33 6 12 34 56 78': '0033 6 12 34 56 78',
    };
    const leads = await Promise.all(Object.keys(written).map((phone) => insert({ phone }, {})));
    const rows = parseCsv(await (await request('/admin/leads.csv', { cookie: session.cookie })).text());
    expect(rows[0]![5]).toBe('Phone');
    const phoneOf = (lead: { id: string }) => rows.find((r) => r[0] === ref(lead))![5];
    expect(leads.map(phoneOf)).toEqual(Object.values(written));
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
      'Came from',
      'Form page',
      'Previous page',
      'Referring site',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'UTM term',
      'UTM content',
      'Google click id',
    ]);
    const line = rows.find((r) => r[0] === ref(lead))!;
    expect(line.slice(-10)).toEqual([
      'Advert',
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
    // And the lead's page says it in one line.
    const page = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
    expect(page).toContain(
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
