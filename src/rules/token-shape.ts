/**
 * Whether a piece of a path has the shape of a secret token: the random or signed base64url the
 * Worker hands out (a request link's `<22>.<22>`, a calendar feed's 43 characters, an
 * invitation's, a form token's signature) or a long hex string, wherever it sits in the path. A
 * token's characters change class (upper, lower, digit) at random, about every other character;
 * the words of a slug (/services/drain-unblocking-bournemouth) never do, so the log can hide the
 * one and the canonical-path redirect lowercase the other without a list of token routes. A
 * 22-character token escapes the first test about once in 1,500 and the others nearly never; a
 * request link has two such halves.
 */

/** A segment's base64url runs: a signed token's parts are split at its dot, a file's name at its extension. */
const RUN = /[A-Za-z0-9_-]+/g;
const SHORTEST_TOKEN = 16;
/** A long run of hex digits, in one case, with a digit and a letter: a hash or a hex token. */
const HEX = /^(?=.*\d)(?=.*[a-f])[0-9a-f]{24,}$|^(?=.*\d)(?=.*[A-F])[0-9A-F]{24,}$/;
/** A long word with capitals, small letters and digits together: base64url, not a name. */
const MIXED = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z0-9]{16,}$/;

/**
 * Random-looking names that are not secrets, kept readable: record ids (UUIDs, which the logs
 * carry on purpose), public pictures' content-hash names (/media/<32 hex>-<w>x<h>.jpg) and the
 * build's hashed asset names (PostEditor-ZGCBZ66E.js).
 */
const NOT_SECRET = [
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^[0-9a-f]{32}-\d{1,5}x\d{1,5}$/,
  /^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*-[A-Z0-9]{8}$/,
];

const classOf = (char: string) => (char >= 'A' && char <= 'Z' ? 0 : char >= 'a' && char <= 'z' ? 1 : 2);

function looksRandom(run: string): boolean {
  if (run.length < SHORTEST_TOKEN || NOT_SECRET.some((shape) => shape.test(run))) return false;
  const chars = run.replace(/[-_]/g, '');
  let changes = 0;
  for (let i = 1; i < chars.length; i++) if (classOf(chars[i]!) !== classOf(chars[i - 1]!)) changes += 1;
  if (changes * 4 >= chars.length) return true;
  return run.split(/[-_]/).some((piece) => HEX.test(piece) || MIXED.test(piece));
}

/** Whether a path segment (between slashes, any parameters and extension included) holds a token. */
export const looksLikeToken = (segment: string): boolean => (segment.match(RUN) ?? []).some(looksRandom);
