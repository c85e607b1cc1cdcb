import { londonLocalToUtc } from '../../rules/uk-time';
import type { FieldErrors } from '../../rules/validation';
import type { Notice, SiteContent } from '../../site-content/model';
import { noticeSchema, validateWith } from '../../site-content/rules';
import type { Form, FormResult } from './forms';

/** Notices: added, edited and removed one at a time, each onto the newest content. */

/** A notice read from its form, or the messages by field. */
function readNotice(form: Form, id: string): { ok: true; notice: Notice } | { ok: false; errors: FieldErrors } {
  const result = validateWith(noticeSchema, form);
  if (!result.ok) return result;
  const n = result.data;
  const errors: FieldErrors = {};
  if (!londonLocalToUtc(n.starts)) errors.starts = 'Please give a start date that exists.';
  if (!londonLocalToUtc(n.ends)) errors.ends = 'Please give an end date that exists.';
  else if (n.ends <= n.starts) errors.ends = 'The end must be after the start.';
  if (n.hoursChange === 'hours' && !(n.opens && n.closes && n.opens < n.closes))
    errors.opens = 'Please give the opening and closing times, opening first.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const notice: Notice = { id, text: n.text, starts: n.starts, ends: n.ends };
  if (n.hoursChange === 'closed') notice.hours = { opens: '', closes: '' };
  if (n.hoursChange === 'hours') notice.hours = { opens: n.opens, closes: n.closes };
  return { ok: true, notice };
}

export function addNotice(content: SiteContent, form: Form): FormResult {
  if (content.notices.length >= 20) return { ok: false, errors: { _form: 'At most 20 notices: remove an old one first.' } };
  const read = readNotice(form, crypto.randomUUID().slice(0, 8));
  if (!read.ok) return read;
  return { ok: true, content: { ...content, notices: [...content.notices, read.notice] }, summary: 'Notice added' };
}

const GONE = { ok: false, errors: { _form: 'That notice is no longer there: someone removed it.' } } as const;

export function editNotice(content: SiteContent, id: string, form: Form): FormResult {
  if (!content.notices.some((notice) => notice.id === id)) return GONE;
  const read = readNotice(form, id);
  if (!read.ok) return read;
  const notices = content.notices.map((notice) => (notice.id === id ? read.notice : notice));
  return { ok: true, content: { ...content, notices }, summary: 'Notice changed' };
}

export function removeNotice(content: SiteContent, id: string): FormResult {
  if (!content.notices.some((notice) => notice.id === id)) return GONE;
  return {
    ok: true,
    content: { ...content, notices: content.notices.filter((notice) => notice.id !== id) },
    summary: 'Notice removed',
  };
}

/** A notice as its form's fields. */
export function noticeFields(notice: Notice): Form {
  return {
    text: notice.text,
    starts: notice.starts,
    ends: notice.ends,
    hoursChange: notice.hours ? (notice.hours.opens ? 'hours' : 'closed') : '',
    opens: notice.hours?.opens ?? '',
    closes: notice.hours?.closes ?? '',
  };
}
