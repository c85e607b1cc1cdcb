import { absoluteUrl } from '../render/meta';

/** /.well-known/security.txt (RFC 9116): where to report a security problem with the site. */
export const SECURITY_TXT_PATH = '/.well-known/security.txt';

const DAY_MS = 86_400_000;

/**
 * The RFC asks for an Expires less than a year ahead, so the file is reviewed: 364 days from the
 * start of the build's day (UTC). Every deploy builds, so a maintained site never serves an
 * expired file; one left undeployed for a year does, which is the point.
 */
export function securityTxtExpires(builtAt: string): string {
  const buildDay = Math.floor(Date.parse(builtAt) / DAY_MS) * DAY_MS;
  return new Date(buildDay + 364 * DAY_MS).toISOString().replace('.000Z', 'Z');
}

/**
 * No Policy field: the RFC means a vulnerability disclosure policy, and the privacy notice is not
 * one. The contact is the business's own address, from the current content revision.
 */
export function securityTxt(origin: string, builtAt: string, email: string): string {
  return [
    `Contact: mailto:${email}`,
    `Expires: ${securityTxtExpires(builtAt)}`,
    'Preferred-Languages: en',
    `Canonical: ${absoluteUrl(origin, SECURITY_TXT_PATH)}`,
    '',
  ].join('\n');
}
