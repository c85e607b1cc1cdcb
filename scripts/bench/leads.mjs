// 200 leads for the admin's inbox, stored the way real ones are: posted to the real
// POST /api/contact and /api/quote (validation, spam checks, attribution, the outbox rows), then
// some moved on through the real admin (contacted, booked, done, lost), as the owner would.
// The per-IP limit (LEADS_LIMITER, 5 a minute) is honoured, not bypassed: each lead comes from
// its own CF-Connecting-IP, which wrangler dev keeps when a client sends it (miniflare's entry
// worker sets it only when absent), so the limiter sees 200 visitors. Every lead is minutes old
// (the server's clock stamps it); the inbox's queries do not depend on ages.
import { jpegBytes } from '../../test/support/image-bytes.ts';

export const BENCH_LEAD_COUNT = 200;

const FIRST = ['Sarah', 'James', 'Priya', 'Tom', 'Aisha', 'Mark', 'Chloe', 'Dev', 'Hannah', 'Owen', 'Zoe', 'Ravi'];
const LAST = ['Hughes', 'Patel', 'Okafor', 'Wright', 'Khan', 'Dawson', 'Evans', 'Nowak', 'Bennett', 'Clarke'];
const STREETS = ['Station Road', 'Ashley Road', 'Wimborne Road', 'Sandbanks Road', 'Lymington Road', 'Castle Lane'];
const DISTRICTS = ['BH1', 'BH2', 'BH4', 'BH6', 'BH8', 'BH9', 'BH12', 'BH14', 'BH15', 'BH17', 'BH23', 'BH21'];
const SERVICES = ['drain-unblocking', 'cctv-drain-survey', 'drain-relining', 'emergency-service', 'sinks-and-toilets', ''];
const BEST_TIMES = ['asap', 'morning', '', 'afternoon', 'asap', 'evening'];
const MESSAGES = [
  'The kitchen sink drains very slowly and gurgles when the washing machine empties.',
  'Manhole in the back garden is full to the top and starting to smell. Can someone come today?',
  'Toilet backs up when we run the bath. Tried a plunger, no luck.',
  'We are buying a 1930s semi and want a CCTV survey of the drains before exchange.',
  'Water pooling by the outside gully after rain, and a smell by the back door on warm days.',
];

/** The i-th lead's form and body: two contact leads to one quote, about a third as soon as possible. */
function leadBody(i) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
  const email = `${name.toLowerCase().replace(' ', '.')}.${i}@example.com`;
  const phone = `07700 900${String(i).padStart(3, '0')}`;
  const bestTime = BEST_TIMES[i % BEST_TIMES.length];
  const message = `${MESSAGES[i % MESSAGES.length]} (bench lead ${i + 1})`;
  if (i % 3 === 2) {
    const district = DISTRICTS[i % DISTRICTS.length];
    return {
      form: 'quote',
      fields: {
        'full-name': name,
        email,
        phone,
        address: `${(i % 90) + 1} ${STREETS[i % STREETS.length]}, ${district} ${(i % 9) + 1}AB`,
        service: SERVICES[i % SERVICES.length],
        'best-time': bestTime,
        details: message,
      },
    };
  }
  // Some leave the phone out, as the form allows, except when asking for a call as soon as possible.
  const withPhone = i % 5 !== 0 || bestTime === 'asap';
  return { form: 'contact', fields: { name, email, phone: withPhone ? phone : '', 'best-time': bestTime, message } };
}

const londonDay = (ms) => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

/** What the owner has done with the i-th lead: most are new, the rest spread over the other statuses. */
function statusSteps(i) {
  const day = londonDay(Date.now() + ((i % 6) + 1) * 86_400_000);
  const booked = { status: 'booked', day, window: ['08-10', '10-12', '12-14', '14-16', '16-18'][i % 5], overlap: 'go-on' };
  switch (i % 10) {
    case 4:
    case 5:
      return [{ status: 'contacted' }];
    case 6:
      return [{ status: 'contacted' }, booked];
    case 7:
      return [booked, { status: 'done', value: String(90 + (i % 7) * 35) }];
    case 8:
      return [{ status: 'lost', lost_reason: ['price', 'no-answer', 'outside-area', 'went-elsewhere', 'other'][i % 5] }];
    default:
      return [];
  }
}

async function postLead(origin, i, tokens) {
  const { form, fields } = leadBody(i);
  const headers = {
    Accept: 'application/json',
    Origin: origin,
    Referer: `${origin}/${form === 'quote' ? 'free-quote' : 'contact'}`,
    'Sec-Fetch-Site': 'same-origin',
    // 10.0.0.1 … 10.0.0.200: one visitor per lead (see the top of this file).
    'CF-Connecting-IP': `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  };
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...fields, formToken: tokens[form] })) body.set(name, value);
  // Every eighth lead sends a photo (the inbox shows the count); the bytes are a JPEG's headers.
  if (i % 8 === 0) body.append('photos', new File([jpegBytes(1200, 900)], `IMG_${1000 + i}.jpg`, { type: 'image/jpeg' }));
  const res = await fetch(`${origin}/api/${form}`, { method: 'POST', headers, body });
  const answer = await res.json().catch(() => ({}));
  if (res.status !== 202 || !answer.id) throw new Error(`bench: lead ${i + 1} refused (${res.status} ${JSON.stringify(answer)})`);
  return answer.id;
}

/**
 * What the lead page's form carries as the owner moves it on: the version it was read at (a
 * change from a stale page is refused), an address where booking a lead that has none asks for
 * one, and the confirmation a job marked done before its visit asks for.
 */
async function formFacts(origin, owner, id, step) {
  const html = await (await fetch(`${origin}/admin/leads/${id}`, { headers: { Cookie: owner.cookie } })).text();
  const version =
    /<input[^>]*name="version"[^>]*value="([^"]*)"/.exec(html)?.[1] ??
    /<input[^>]*value="([^"]*)"[^>]*name="version"/.exec(html)?.[1];
  const facts = version === undefined ? {} : { version };
  if (step.status === 'booked' && /<input[^>]*name="address"/.test(html)) facts.address = '1 Bench Street, Poole BH14 0AA';
  if (step.status === 'done') facts.confirm = 'yes';
  return facts;
}

/**
 * Posts `count` leads and moves some on as the owner (`owner` from signInAsOwner). Returns how
 * many of each status the inbox then holds.
 */
export async function addLeads(origin, owner, count = BENCH_LEAD_COUNT) {
  const token = async (form) => (await (await fetch(`${origin}/api/form-token?form=${form}`)).json()).token;
  const tokens = { contact: await token('contact'), quote: await token('quote') };
  // A form sent back sooner than MIN_FILL_MS (2 s) after its token is dropped as a bot.
  await new Promise((r) => setTimeout(r, 2100));
  const statuses = { new: 0, contacted: 0, booked: 0, done: 0, lost: 0 };
  for (let i = 0; i < count; i++) {
    const id = await postLead(origin, i, tokens);
    const steps = statusSteps(i);
    for (const step of steps) {
      const res = await owner.post(`/admin/leads/${id}/status`, { ...step, ...(await formFacts(origin, owner, id, step)) });
      if (res.status !== 303) throw new Error(`bench: lead ${i + 1} could not be marked ${step.status} (${res.status})`);
    }
    statuses[steps.at(-1)?.status ?? 'new']++;
  }
  return statuses;
}
