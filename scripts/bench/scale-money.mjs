// The scale bench's money: five years of quotes, invoices, credit notes and payments on the leads
// scale-data.mjs has written, as the Worker would have stored them. About a third of quote
// requests got a written quote (most accepted where the job was done, declined or expired where
// it was lost, still open for the last fortnight's); most done jobs were invoiced a day or two
// after (numbers in order of issue, no gaps), most paid in full by card or by hand, a few part
// paid, a few overdue, a few cancelled by a credit note; a few drafts wait. Written directly with
// node:sqlite in the generator's transaction.

const DAY = 86_400_000;
const TERMS_DAYS = 14;
const QUOTE_VALID_DAYS = 30;
const MANUAL = [
  ['bank', 4],
  ['card_machine', 3],
  ['cash', 2],
  ['cheque', 1],
];

const insert = (db, table, columns) => {
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  return (...values) => statement.run(...values);
};
const day = (ms) => new Date(ms).toISOString().slice(0, 10);
/** A VAT-inclusive price as its net and VAT at 20%. */
const split = (gross) => {
  const net = Math.round(gross / 1.2);
  return { net, vat: gross - net };
};

/** Writes the quotes of `leads` (rows of the leads table), oldest first. The accepted quote of each lead, by id. */
function writeQuotes(db, rand, now, leads) {
  const quote = insert(db, 'quotes', [
    'id',
    'chain_id',
    'number',
    'lead_id',
    'customer_name',
    'customer_email',
    'customer_address',
    'service',
    'state',
    'valid_days',
    'valid_until',
    'terms',
    'last_write',
    'created_at',
    'updated_at',
    'sent_at',
    'viewed_at',
    'closed_at',
    'decline_reason',
  ]);
  const line = insert(db, 'quote_lines', [
    'quote_id',
    'position',
    'description',
    'kind',
    'quantity_milli',
    'unit_pence',
    'vat_rate',
  ]);
  const accept = insert(db, 'quote_acceptances', [
    'quote_id',
    'accepted_at',
    'typed_name',
    'choices',
    'net_pence',
    'vat_pence',
    'gross_pence',
    'terms',
    'wording_version',
    'canonical',
    'hash',
  ]);
  const perYear = new Map();
  const accepted = new Map();
  let some;
  for (const lead of leads) {
    if (lead.kind !== 'quote' || rand.next() >= 0.33) continue;
    const id = rand.uuid();
    const created = lead.created_at + DAY / 3;
    const draft = created > now - 2 * DAY && rand.next() < 0.5;
    const sent = draft ? null : Math.min(now - 1000, created + DAY / 6);
    const recent = now - created < QUOTE_VALID_DAYS * DAY;
    let state = 'draft';
    if (!draft) {
      if (lead.job_status === 'done') state = rand.next() < 0.92 ? 'accepted' : 'expired';
      else if (lead.job_status === 'lost') state = rand.next() < 0.6 ? 'declined' : 'expired';
      else if (recent) state = rand.next() < 0.5 ? 'viewed' : 'sent';
      else state = rand.next() < 0.2 ? 'withdrawn' : 'expired';
    }
    const closed =
      state === 'accepted'
        ? Math.min(now - 1000, sent + (1 + rand.int(3)) * DAY)
        : ['declined', 'withdrawn'].includes(state)
          ? Math.min(now - 1000, sent + (2 + rand.int(10)) * DAY)
          : state === 'expired'
            ? sent + QUOTE_VALID_DAYS * DAY
            : null;
    let number = null;
    if (sent !== null) {
      const year = new Date(sent).getUTCFullYear();
      const next = (perYear.get(year) ?? 0) + 1;
      perYear.set(year, next);
      number = `Q-${year}-${String(next).padStart(4, '0')}`;
    }
    const gross = (lead.job_value_pence ?? (150 + rand.int(1500)) * 100) || 15_000;
    const { net, vat } = split(gross);
    quote(
      id,
      id,
      number,
      lead.id,
      lead.name,
      lead.email,
      lead.address,
      lead.service,
      state,
      QUOTE_VALID_DAYS,
      sent === null ? null : sent + QUOTE_VALID_DAYS * DAY,
      'Payment due within 14 days of the work.',
      id,
      created,
      closed ?? sent ?? created,
      sent,
      ['viewed', 'accepted', 'declined'].includes(state) ? sent + DAY / 4 : null,
      closed,
      state === 'declined' ? rand.pick(['Too dear', 'Went elsewhere', '']) : '',
    );
    const labour = Math.round(net * 0.7);
    line(id, 0, 'Labour: clear and jet the drain run', 'labour', 1000, labour, '20');
    line(id, 1, 'CCTV survey and report', 'materials', 1000, net - labour, '20');
    if (state === 'accepted') {
      accept(id, closed, lead.name, '[]', net, vat, gross, 'Payment due within 14 days of the work.', '1', '{}', rand.hex(64));
      accepted.set(lead.id, id);
    }
    some ??= state === 'accepted' ? id : undefined;
  }
  const counter = insert(db, 'quote_counters', ['year', 'last']);
  for (const [year, last] of perYear) counter(year, last);
  return { accepted, some };
}

/** The payments of an invoice, taken `paid` pence in one or two goes from `issued`, none after `now`. */
function paymentsOf(rand, invoice, paid, now) {
  const at = Math.min(now - 1000, invoice.issued + rand.int(TERMS_DAYS + 6) * DAY + rand.int(DAY));
  const stripe = rand.next() < 0.55;
  const method = stripe ? 'stripe' : rand.weighted(MANUAL);
  if (paid <= 0) return [];
  return [{ amount: paid, at, method }];
}

/**
 * Writes the invoices of the done jobs in `leads`, numbered in order of issue, with their lines,
 * payments and credit notes; then the counters the next number is taken from. An invoice the
 * routes open, by id.
 */
function writeInvoices(db, rand, now, leads, accepted) {
  const planned = [];
  for (const lead of leads) {
    if (lead.job_status !== 'done' || lead.handled_at === null || rand.next() >= 0.85) continue;
    const issued = Math.min(now - DAY / 4, lead.handled_at + rand.int(2 * DAY));
    planned.push({ lead, issued, draft: now - lead.handled_at < 3 * DAY && rand.next() < 0.3 });
  }
  planned.sort((a, b) => a.issued - b.issued);
  const invoice = insert(db, 'invoices', [
    'id',
    'lead_id',
    'quote_id',
    'number',
    'state',
    'customer_name',
    'customer_email',
    'customer_address',
    'terms_days',
    'supplied_at',
    'issued_at',
    'tax_point_at',
    'due_at',
    'net_pence',
    'vat_pence',
    'gross_pence',
    'amount_paid_pence',
    'amount_credited_pence',
    'last_write',
    'created_at',
    'updated_at',
  ]);
  const line = insert(db, 'invoice_lines', [
    'invoice_id',
    'position',
    'description',
    'kind',
    'quantity_milli',
    'unit_pence',
    'vat_rate',
  ]);
  const payment = insert(db, 'payments', [
    'id',
    'invoice_id',
    'amount_pence',
    'method',
    'paid_on',
    'stripe_event_id',
    'stripe_payment_intent',
    'created_at',
    'recorded_by',
  ]);
  const note = insert(db, 'credit_notes', [
    'id',
    'invoice_id',
    'number',
    'reason',
    'net_pence',
    'vat_pence',
    'gross_pence',
    'issued_at',
  ]);
  const noteLine = insert(db, 'credit_note_lines', [
    'credit_note_id',
    'position',
    'description',
    'kind',
    'quantity_milli',
    'unit_pence',
    'vat_rate',
  ]);
  let numbers = 0;
  let notes = 0;
  let shown;
  for (const { lead, issued, draft } of planned) {
    const id = rand.uuid();
    const gross = lead.job_value_pence ?? (90 + rand.int(900)) * 100;
    const { net, vat } = split(gross);
    const due = issued + TERMS_DAYS * DAY;
    const created = Math.min(issued, lead.handled_at);
    if (draft) {
      invoice(
        id,
        lead.id,
        accepted.get(lead.id) ?? null,
        null,
        'draft',
        lead.name,
        lead.email,
        lead.address,
        TERMS_DAYS,
        lead.handled_at,
        null,
        null,
        null,
        net,
        vat,
        gross,
        0,
        0,
        id,
        created,
        created,
      );
      line(id, 0, 'Drain cleared and jetted', 'labour', 1000, net, '20');
      continue;
    }
    numbers += 1;
    const number = `INV-${String(numbers).padStart(4, '0')}`;
    const roll = rand.next();
    // Not yet due: half paid already. Past due: a few still owed, fewer the older they are (bad debts).
    const [unpaid, part] = due >= now ? [0.5, 0.55] : due >= now - 90 * DAY ? [0.06, 0.09] : [0.025, 0.03];
    let state = 'paid';
    if (roll < 0.02) state = 'credited';
    else if (roll < unpaid) state = 'issued';
    else if (roll < part) state = 'part_paid';
    const paid = state === 'paid' ? gross : state === 'part_paid' ? Math.round(gross / 2) : 0;
    const taken = paymentsOf(rand, { issued }, paid, now);
    const settled = taken.at(-1)?.at ?? issued;
    const credited = state === 'credited' ? gross : 0;
    invoice(
      id,
      lead.id,
      accepted.get(lead.id) ?? null,
      number,
      state,
      lead.name,
      lead.email,
      lead.address,
      TERMS_DAYS,
      lead.handled_at,
      issued,
      issued,
      due,
      net,
      vat,
      gross,
      paid,
      credited,
      id,
      created,
      Math.max(settled, issued),
    );
    line(id, 0, 'Drain cleared and jetted', 'labour', 1000, net, '20');
    if (credited > 0) {
      notes += 1;
      const noteId = rand.uuid();
      const at = Math.min(now - 1000, issued + (1 + rand.int(20)) * DAY);
      note(noteId, id, `CN-${String(notes).padStart(4, '0')}`, 'Cancelled: the work was not needed', net, vat, gross, at);
      noteLine(noteId, 0, 'Drain cleared and jetted', 'labour', 1000, net, '20');
    }
    for (const p of taken) {
      const stripe = p.method === 'stripe';
      payment(
        rand.uuid(),
        id,
        p.amount,
        p.method,
        day(p.at),
        stripe ? `evt_${rand.hex(24)}` : null,
        stripe ? `pi_${rand.hex(24)}` : null,
        p.at,
        stripe ? null : 1,
      );
    }
    if (state === 'part_paid' || !shown) shown = id;
  }
  db.prepare("UPDATE number_counters SET next = ? WHERE name = 'invoice'").run(numbers + 1);
  db.prepare("UPDATE number_counters SET next = ? WHERE name = 'credit_note'").run(notes + 1);
  return shown;
}

/** Writes the money of every lead in the database; the quote and the invoice the routes open. */
export function writeMoney(db, rand, now) {
  const leads = db
    .prepare(
      'SELECT id, kind, name, email, address, service, created_at, handled_at, job_status, job_value_pence FROM leads ORDER BY created_at',
    )
    .all();
  const { accepted, some } = writeQuotes(db, rand, now, leads);
  const invoiceId = writeInvoices(db, rand, now, leads, accepted);
  return { quoteId: some, invoiceId };
}
