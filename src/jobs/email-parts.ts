import type { Lead } from '../db/schema';
import type { Bindings } from '../env';
import { urgentLine } from '../leads/call-back';
import { toBase64Url } from '../rules/base64url';
import type { ContentView } from '../site-content/view';
import { requestPath, requestToken } from './request-token';

/** What every e-mail of a job shares: the greeting's name, the links to the request page, the calendar UID, the footer. */

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** ASCII-safe base64 of UTF-8 text (MailChannels attachments take base64 content). */
export function base64Of(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The request page's address, and its review redirect and stop line. */
export async function requestLinks(env: Bindings, lead: Lead) {
  if (!lead.requestKey) return null;
  const page = `${env.SITE_ORIGIN.replace(/\/+$/, '')}${requestPath(await requestToken(env, lead.requestKey))}`;
  return { page, review: `${page}/review`, stop: `${page}/stop` };
}

/** A stable calendar UID for a lead's bookings, from its request key (never its id). */
export async function calendarUid(requestKey: string, origin: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`calendar:${requestKey}`));
  return `${toBase64Url(new Uint8Array(digest).slice(0, 12))}@${new URL(origin).hostname}`;
}

/** The customer's line for an emergency, as it stands when the e-mail is sent (a notice may close the line). */
export const somethingUrgent = (site: ContentView['site'], now: number) =>
  urgentLine(site, now, `Something urgent? Call us ${site.line.when} on ${site.phone.emergency.display}.`);

export const footerOf = ({ site }: ContentView) =>
  `${site.name}, ${site.address.locality}, ${site.address.town}. ${site.phone.emergency.display} (${site.line.when}). ${site.email.address}`;
