import { serviceAreas, towns } from '../content/areas';
import { services } from '../content/services';
import type { Lead } from '../db/schema';

/** The owner's e-mail for one lead: subject, plain text and escaped HTML. */
export interface LeadEmailContent {
  subject: string;
  text: string;
  html: string;
}

export const DEFAULT_QUOTE_SERVICE = 'CCTV drain survey';

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Subjects are one line whatever reaches them. */
const oneLine = (value: string) => value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

const areaNames = [...new Set([...serviceAreas, ...towns.map((town) => town.name)])].sort((a, b) => b.length - a.length);
const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?(\s*\d[A-Z]{2})?\b/gi;

/**
 * The town for a quote's subject: the last area we serve named in the address (the post town
 * comes last, so '8 Poole Road, Bournemouth' is Bournemouth), or else the address's last part
 * that is not a postcode.
 */
export function townFromAddress(address: string): string {
  const lower = address.toLowerCase();
  let best: { area: string; end: number } | null = null;
  for (const area of areaNames) {
    const name = area.toLowerCase();
    for (let at = lower.indexOf(name); at !== -1; at = lower.indexOf(name, at + 1)) {
      const end = at + name.length;
      const bounded = !/[a-z]/.test(lower[at - 1] ?? ' ') && !/[a-z]/.test(lower[end] ?? ' ');
      // Later wins; at the same end the longer name ('New Milton' over 'Milton') was seen first.
      if (bounded && (!best || end > best.end)) best = { area, end };
    }
  }
  if (best) return best.area;
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.replace(POSTCODE, '').trim())
    .filter((part) => /[a-z]/i.test(part));
  return parts.at(-1) ?? address.trim();
}

export function serviceTitle(slug: string): string {
  return services.find((service) => service.slug === slug)?.title ?? DEFAULT_QUOTE_SERVICE;
}

const received = (lead: Lead) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }).format(
    new Date(lead.createdAt),
  );

type Row = readonly [label: string, value: string];

function render(heading: string, rows: readonly Row[], longLabel: string, longText: string, lead: Lead) {
  const footer = `Reply to this e-mail to answer ${lead.name} directly. Reference ${lead.id}, received ${received(lead)}.`;
  const text = [
    heading,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${longLabel}:`,
    longText,
    '',
    '--',
    footer,
  ].join('\n');
  const cell = 'padding:4px 12px 4px 0;vertical-align:top';
  const html = [
    '<!DOCTYPE html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">',
    `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>`,
    '<table style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th style="${cell};text-align:left">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<h2 style="font-size:16px">${escapeHtml(longLabel)}</h2>`,
    `<p>${escapeHtml(longText).replace(/\r?\n/g, '<br>')}</p>`,
    `<hr><p style="color:#475569;font-size:13px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

export function leadEmailContent(lead: Lead): LeadEmailContent {
  const phone = lead.phone || 'not given';
  if (lead.kind === 'contact') {
    const rows: Row[] = [
      ['Name', lead.name],
      ['Email', lead.email],
      ['Phone', phone],
    ];
    return {
      subject: oneLine(`New contact message from ${lead.name}`),
      ...render('New contact message from the website', rows, 'Message', lead.message, lead),
    };
  }
  const service = serviceTitle(lead.service);
  const rows: Row[] = [
    ['Service', service],
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', phone],
    ['Address', lead.address],
  ];
  return {
    subject: oneLine(`Quote request: ${service}, ${townFromAddress(lead.address)}`),
    ...render('Free CCTV drain survey quote request', rows, 'Details', lead.message || 'None given.', lead),
  };
}
