/**
 * The accepted version's proof: its canonical form (JSON with every object's keys sorted, no
 * spaces, arrays kept in order) and the SHA-256 of that, in hex. Two copies of the same
 * acceptance give the same hash whatever order their keys were written in, so the hash printed
 * on the customer's e-mail can be checked against the record years later.
 */

export type Canonical = string | number | boolean | null | readonly Canonical[] | { readonly [key: string]: Canonical };

export function canonicalJson(value: Canonical): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item as Canonical)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as { readonly [key: string]: Canonical };
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key] as Canonical)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('not a finite number');
  return JSON.stringify(value);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function acceptanceHash(value: Canonical): Promise<{ canonical: string; hash: string }> {
  const canonical = canonicalJson(value);
  return { canonical, hash: await sha256Hex(canonical) };
}
