// Five years of a busy firm's leads for the scale bench, each with what the Worker would have
// stored with it by now: its e-mails (lead_messages), its timeline (lead_events), its photos'
// rows and its phone alerts (push_messages). Statuses follow a lead's age: old leads are done or
// lost, the last fortnight's are still new, contacted or booked. About one lead in six is a
// returning customer's.
import { newCustomer, phoneAsTyped } from './scale-people.mjs';

const DAY = 86_400_000;
export const FIVE_YEARS_MS = 5 * 365 * DAY;
const SOURCES = [
  ['search', 50],
  ['direct', 20],
  ['advert', 15],
  ['social', 8],
  ['other site', 7],
];
const SERVICES = ['drain-unblocking', 'cctv-drain-survey', 'dig-ups-repairs', 'commercial-drainage', ''];
const LOST = [
  ['price', 4],
  ['no-answer', 3],
  ['went-elsewhere', 3],
  ['outside-area', 1],
  ['other', 1],
];
const WINDOWS = [
  ['08:00', '10:00'],
  ['10:00', '12:00'],
  ['12:00', '14:00'],
  ['14:00', '16:00'],
];
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The job status a lead of this age has reached. */
function statusOf(rand, ageDays) {
  if (ageDays < 2)
    return rand.weighted([
      ['new', 6],
      ['contacted', 3],
      ['booked', 2],
    ]);
  if (ageDays < 14)
    return rand.weighted([
      ['new', 1],
      ['contacted', 3],
      ['booked', 4],
      ['rebook', 0.3],
      ['cancelled', 0.3],
      ['done', 3],
      ['lost', 1],
    ]);
  return rand.weighted([
    ['done', 58],
    ['lost', 30],
    ['contacted', 6],
    ['cancelled', 4],
    ['new', 2],
  ]);
}

/**
 * Writes `count` leads received over the five years before `now` through `put` (one function per
 * table), oldest first. `engineers`: person ids a job may be given to; `devices`: push
 * subscription ids an alert goes to. Returns a few leads the routes look up.
 */
export function writeLeads({ rand, rules, now, count, servedDistricts, engineers, devices, put }) {
  const customers = [];
  const returning = [];
  let undelivered;
  for (let i = 0; i < count; i += 1) {
    // A steady flow with some growth: more leads in later years.
    const created = Math.round(now - FIVE_YEARS_MS * (1 - Math.sqrt((i + rand.next()) / count)));
    const ageDays = (now - created) / DAY;
    const back = customers.length > 20 && rand.next() < 0.17;
    const customer = back ? rand.pick(customers) : newCustomer(rand, i);
    if (!back) customers.push(customer);
    const kind = rand.next() < 0.62 ? 'quote' : 'contact';
    const phone = phoneAsTyped(rand, customer.digits);
    const address = kind === 'quote' ? customer.address : '';
    const lead = { id: rand.uuid(), kind, name: customer.name, email: customer.email, phone, address, created };
    const keys = rules.matchKeysOf({ phone, email: customer.email, address });
    const status = statusOf(rand, ageDays);
    const closed = status === 'done' || status === 'lost';
    const handled = closed ? Math.min(now - DAY / 2, created + (1 + rand.int(10)) * DAY) : null;
    const visited = ['booked', 'rebook', 'cancelled', 'done'].includes(status);
    const bookedMs = visited ? (status === 'booked' ? now + rand.int(10) * DAY : created + (1 + rand.int(6)) * DAY) : null;
    const [from, to] = rand.pick(WINDOWS);
    const source = rand.weighted(SOURCES);
    put.lead({
      ...lead,
      service: kind === 'quote' ? rand.pick(SERVICES) : '',
      message: `${kind === 'quote' ? 'Quote' : 'Question'}: water backing up from the ${rand.pick(['kitchen sink', 'outside gully', 'manhole', 'toilet'])}, please call.`,
      updated: handled ?? created,
      handled,
      bestTime: rand.pick(['', 'asap', 'morning', 'afternoon', 'evening']),
      areaCheck: kind === 'quote' ? rules.checkServiceArea(address, servedDistricts) : '',
      formPage: kind === 'quote' ? '/free-quote' : '/contact',
      source,
      utmSource: source === 'advert' ? 'google' : null,
      utmMedium: source === 'advert' ? 'cpc' : null,
      gclid: source === 'advert' ? rand.hex(24) : null,
      jobStatus: status,
      lostReason: status === 'lost' ? rand.weighted(LOST) : null,
      jobValuePence: status === 'done' && rand.next() < 0.8 ? (90 + rand.int(900)) * 100 : null,
      bookedDay: bookedMs === null ? null : day(bookedMs),
      bookedFrom: bookedMs === null ? null : from,
      bookedTo: bookedMs === null ? null : to,
      requestKey: bookedMs === null ? null : rand.hex(32),
      assignedTo: bookedMs !== null && rand.next() < 0.7 ? rand.pick(engineers) : null,
      bookingSequence: bookedMs === null ? 0 : 1 + (rand.next() < 0.1 ? 1 : 0),
      reviewClickedAt: status === 'done' && rand.next() < 0.2 ? handled + DAY : null,
      stateChange: status === 'new' ? null : rand.hex(16),
      ...keys,
    });

    // Its e-mails: the owner's and the customer's always; the booking and the visit reminder with
    // a visit; a review request, and its reminder, once done. One in seventy did not go.
    const failed = rand.next() < 1 / 70;
    const mail = (kind, at, fields = {}) =>
      put.message({ id: rand.uuid(), leadId: lead.id, kind, status: 'sent', at, ...fields });
    mail('owner', created);
    mail('customer', created, failed ? { status: 'failed', lastError: 'MailChannels 550: mailbox unavailable' } : {});
    if (failed && !undelivered) undelivered = lead;
    if (bookedMs !== null) {
      mail('booking', created + DAY / 2);
      if (bookedMs < now) mail('visit', bookedMs - DAY / 3, { about: day(bookedMs) });
      if (status === 'rebook' || status === 'cancelled')
        mail('notice', created + DAY, { about: status === 'rebook' ? 'rebook' : 'cancel' });
    }
    if (status === 'done') {
      mail('review', handled + 2 * DAY > now ? handled : handled + 2 * DAY);
      const due = handled + 9 * DAY;
      if (due > now) mail('reminder', handled, { status: 'pending', next: due });
      else if (rand.next() < 0.75) mail('reminder', due, rand.next() < 0.3 ? { status: 'cancelled' } : {});
    }

    // Its timeline: each change of state, a note now and then, a tap on Call.
    const event = (kind, at, fields = {}) => put.event({ id: rand.uuid(), leadId: lead.id, kind, at, ...fields });
    if (status !== 'new') event('status', created + DAY / 8, { status: 'contacted' });
    if (bookedMs !== null) event('status', created + DAY / 4, { status: 'booked', detail: `${day(bookedMs)}, ${from} to ${to}` });
    if (status === 'rebook' || status === 'cancelled')
      event(status === 'rebook' ? 'rebook' : 'cancel', created + DAY, { actor: 'customer' });
    if (closed) event('status', handled, { status, detail: status === 'lost' ? 'Lost' : 'Done' });
    if (rand.next() < 0.35) event('note', created + DAY / 6, { detail: 'Spoke to them, access through the side gate.' });
    if (rand.next() < 0.3) event('called', created + DAY / 10, { detail: 'call' });

    // Photos, with one quote in three.
    if (kind === 'quote' && rand.next() < 0.3) {
      const photos = 1 + rand.int(3);
      for (let p = 1; p <= photos; p += 1) put.photo({ leadId: lead.id, position: p, sha: rand.hex(64) });
    }

    // The new-lead alert on every device, and the customer's requests and failed e-mails.
    for (const device of devices)
      if (rand.next() < 0.91) put.alert({ id: rand.uuid(), device, leadId: lead.id, kind: 'new-lead', at: created });
    if (status === 'rebook' || status === 'cancelled')
      put.alert({
        id: rand.uuid(),
        device: devices[0],
        leadId: lead.id,
        kind: status === 'rebook' ? 'rebook' : 'cancel',
        at: created + DAY,
      });
    if (failed) put.alert({ id: rand.uuid(), device: devices[0], leadId: lead.id, kind: 'undelivered', at: created + DAY / 24 });

    if (back && returning.length < 50) returning.push({ ...customer, id: lead.id });
  }
  return { returning, undelivered, anyCustomer: customers[Math.floor(customers.length / 2)] };
}
