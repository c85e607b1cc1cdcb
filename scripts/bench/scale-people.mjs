// Who the scale bench's leads are from: names, e-mails, phones and addresses drawn from a seeded
// generator, so every run builds the same database. A customer is a fixed set of details; a
// returning customer sends another lead with the same details (the phone sometimes written
// another way), as the match keys expect.

/** A small fast seeded generator (mulberry32): the same seed gives the same database. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  /** An entry of [value, weight] pairs, by weight. */
  const weighted = (pairs) => {
    const total = pairs.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [value, w] of pairs) {
      r -= w;
      if (r < 0) return value;
    }
    return pairs.at(-1)[0];
  };
  const hex = (n) => Array.from({ length: n }, () => int(16).toString(16)).join('');
  /** A lead id as the Worker makes them (a v4 UUID's shape). */
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  return { next, int, pick, weighted, hex, uuid };
}

const FIRST = [
  'Sarah',
  'James',
  'Emma',
  'Oliver',
  'Sophie',
  'Harry',
  'Lucy',
  'Jack',
  'Chloe',
  'Thomas',
  'Amelia',
  'George',
  'Grace',
  'William',
  'Hannah',
  'Daniel',
  'Ellie',
  'Samuel',
  'Megan',
  'Joseph',
  'Laura',
  'David',
  'Rachel',
  'Paul',
  'Helen',
  'Mark',
  'Karen',
  'Peter',
  'Susan',
  'Andrew',
  'Claire',
  'Richard',
  'Nicola',
  'Stephen',
  'Jane',
  'Michael',
];
const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Hughes',
  'Edwards',
  'Turner',
  'Hill',
  'Moore',
  'Cooper',
  'Ward',
  'Morris',
  'King',
  'Harris',
  'Baker',
  'Lewis',
  'Martin',
  'Mitchell',
  'Parker',
  'Bennett',
  'Carter',
  'Phillips',
  'Shaw',
  'Lloyd',
  'Ellis',
  'Fletcher',
  'Hartley',
  'Pemberton',
  'Ashdown',
];
const STREETS = [
  'Mill Lane',
  'Church Road',
  'Station Road',
  'Victoria Avenue',
  'Seabourne Road',
  'Castle Lane',
  'Ringwood Road',
  'Wimborne Road',
  'Lymington Road',
  'Ashley Road',
  'Southbourne Grove',
  'Barrack Road',
  'Stour Road',
  'Oak Close',
  'Beech Avenue',
  'Harbour View Road',
  'Kings Park Drive',
  'Fernside Road',
  'Elm Gardens',
  'Marsh Lane',
];
/** Towns and their postcode districts: most inside the area served, some just outside it. */
const PLACES = [
  ['Bournemouth', 'BH1'],
  ['Bournemouth', 'BH8'],
  ['Bournemouth', 'BH9'],
  ['Southbourne', 'BH6'],
  ['Boscombe', 'BH5'],
  ['Poole', 'BH14'],
  ['Poole', 'BH15'],
  ['Poole', 'BH12'],
  ['Christchurch', 'BH23'],
  ['Ferndown', 'BH22'],
  ['Wimborne', 'BH21'],
  ['Ringwood', 'BH24'],
  ['New Milton', 'BH25'],
  ['Lymington', 'SO41'],
  ['Brockenhurst', 'SO42'],
  ['Salisbury', 'SP1'],
  ['Dorchester', 'DT1'],
  ['Southampton', 'SO15'],
];
const MAIL_DOMAINS = ['gmail.com', 'hotmail.co.uk', 'outlook.com', 'yahoo.co.uk', 'btinternet.com', 'icloud.com'];
const HOUSE_NAMES = ['Rose Cottage', 'The Old Forge', 'Flat 2', 'Flat 7', 'Orchard House', 'Willow Barn'];

/** A new customer: the details every lead of theirs carries. */
export function newCustomer(rand, serial) {
  const first = rand.pick(FIRST);
  const surname = rand.pick(SURNAMES);
  const [town, district] = rand.pick(PLACES);
  const postcode = `${district} ${1 + rand.int(9)}${String.fromCharCode(65 + rand.int(26))}${String.fromCharCode(65 + rand.int(26))}`;
  const house = rand.next() < 0.15 ? `${rand.pick(HOUSE_NAMES)}, ` : `${1 + rand.int(180)} `;
  const digits = `07${String(100000000 + ((serial * 7919 + rand.int(1000)) % 900000000)).slice(0, 9)}`;
  return {
    name: `${first} ${surname}`,
    surname,
    email: `${first}.${surname}${serial % 1000}@${rand.pick(MAIL_DOMAINS)}`.toLowerCase(),
    digits,
    address: `${house}${rand.pick(STREETS)}, ${town} ${postcode}`,
    postcode,
  };
}

/** The phone as a customer types it: the same number, written one of the usual ways. */
export function phoneAsTyped(rand, digits) {
  return rand.weighted([
    [`${digits.slice(0, 5)} ${digits.slice(5)}`, 5],
    [digits, 3],
    [`+44 ${digits.slice(1, 5)} ${digits.slice(5)}`, 2],
    [`${digits.slice(0, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`, 1],
  ]);
}
