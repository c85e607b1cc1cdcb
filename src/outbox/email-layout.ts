/**
 * The one layout of every e-mail a lead sends: a heading, paragraphs, a table of what was sent,
 * the long text, and a footer. Plain text and HTML from the same parts; every value escaped.
 */
import { escapeHtml } from '../rules/text';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of text, or a link written out in full in the plain-text part. */
export type Paragraph = string | { text: string; href: string };

export type Row = readonly [label: string, value: string];

export interface EmailParts {
  heading: string;
  intro?: readonly Paragraph[];
  rows: readonly Row[];
  longLabel: string;
  longText: string;
  outro?: readonly Paragraph[];
  footer: string;
}

/** Subjects are one line whatever reaches them. */
export const oneLine = (value: string) => value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

// A link whose words are its address (an invitation's) is written once, not "url: url".
const paragraphText = (p: Paragraph) => (typeof p === 'string' ? p : p.text === p.href ? p.href : `${p.text}: ${p.href}`);
const paragraphHtml = (p: Paragraph) =>
  typeof p === 'string'
    ? `<p>${escapeHtml(p)}</p>`
    : `<p><a href="${escapeHtml(p.href)}" style="color:#1d4ed8">${escapeHtml(p.text)}</a></p>`;

/** A label as the plain text writes it: a colon after it, unless it ends in its own ? or ! ("Something changed?"). */
const labelled = (label: string) => (/[?!:]$/.test(label) ? label : `${label}:`);

export function renderEmail(parts: EmailParts): Pick<EmailContent, 'text' | 'html'> {
  const { heading, intro = [], rows, longLabel, longText, outro = [], footer } = parts;
  const text = [
    heading,
    '',
    ...intro.flatMap((p) => [paragraphText(p), '']),
    ...rows.map(([label, value]) => `${labelled(label)} ${value}`),
    '',
    labelled(longLabel),
    longText,
    '',
    ...outro.flatMap((p) => [paragraphText(p), '']),
    '--',
    footer,
  ].join('\n');
  const cell = 'padding:4px 12px 4px 0;vertical-align:top';
  const html = [
    '<!DOCTYPE html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">',
    `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>`,
    ...intro.map(paragraphHtml),
    '<table style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th style="${cell};text-align:left">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<h2 style="font-size:16px">${escapeHtml(longLabel)}</h2>`,
    `<p>${escapeHtml(longText).replace(/\r?\n/g, '<br>')}</p>`,
    ...outro.map(paragraphHtml),
    `<hr><p style="color:#475569;font-size:13px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}
