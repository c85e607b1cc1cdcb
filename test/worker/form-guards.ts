import { env } from 'cloudflare:workers';

/**
 * The forms a page renders, read with workerd's own HTMLRewriter, and what a form post can
 * change in D1: shared by form-guards.test.ts, which sends every text field of every form the
 * site and the admin render the input people really type.
 */

export interface FormField {
  name: string;
  /** input's type, or 'textarea' / 'select' / 'button'. */
  type: string;
  value: string;
  maxLength: number | null;
  checked: boolean;
}

export interface PageForm {
  page: string;
  action: string;
  method: 'GET' | 'POST';
  multipart: boolean;
  fields: FormField[];
}

const TEXT_TYPES = new Set([
  'text',
  'email',
  'tel',
  'search',
  'url',
  'password',
  'textarea',
  'date',
  'time',
  'datetime-local',
  'number',
]);

/** A field people type into (a honeypot is one too, but only bots fill it). */
export const isTextField = (field: FormField) => TEXT_TYPES.has(field.type) && field.name !== 'website';

/** Every <form> of an HTML page, with its fields and their defaults as the browser would send them. */
export async function formsOf(page: string, html: string): Promise<PageForm[]> {
  const forms: PageForm[] = [];
  let current: PageForm | null = null;
  let textarea: FormField | null = null;
  let select: FormField | null = null;
  const add = (field: FormField) => current?.fields.push(field);
  await new HTMLRewriter()
    .on('form', {
      element(el) {
        const method = (el.getAttribute('method') ?? 'get').toUpperCase() === 'POST' ? 'POST' : 'GET';
        const form: PageForm = {
          page,
          action: el.getAttribute('action') ?? page,
          method,
          multipart: (el.getAttribute('enctype') ?? '').includes('multipart'),
          fields: [],
        };
        current = form;
        forms.push(form);
        el.onEndTag(() => {
          current = null;
        });
      },
    })
    .on('form input', {
      element(el) {
        const name = el.getAttribute('name');
        if (!name) return;
        const max = el.getAttribute('maxlength');
        add({
          name,
          type: (el.getAttribute('type') ?? 'text').toLowerCase(),
          value: el.getAttribute('value') ?? '',
          maxLength: max === null ? null : Number(max),
          checked: el.hasAttribute('checked'),
        });
      },
    })
    .on('form textarea', {
      element(el) {
        const name = el.getAttribute('name');
        if (!name) return;
        const max = el.getAttribute('maxlength');
        textarea = { name, type: 'textarea', value: '', maxLength: max === null ? null : Number(max), checked: false };
        add(textarea);
        el.onEndTag(() => {
          textarea = null;
        });
      },
      text(chunk) {
        if (textarea) textarea.value += decodeEntities(chunk.text);
      },
    })
    .on('form select', {
      element(el) {
        const name = el.getAttribute('name');
        if (!name) return;
        select = { name, type: 'select', value: '', maxLength: null, checked: false };
        add(select);
        el.onEndTag(() => {
          select = null;
        });
      },
    })
    .on('form select option', {
      element(el) {
        // The selected option, else the first: what the browser sends untouched.
        if (select && (el.hasAttribute('selected') || select.checked === false)) {
          select.value = el.getAttribute('value') ?? '';
          select.checked = el.hasAttribute('selected');
        }
      },
    })
    .on('form button[name]', {
      element(el) {
        const type = (el.getAttribute('type') ?? 'submit').toLowerCase();
        // The first submit button with a name is the one pressed.
        if (type === 'submit' && current && !current.fields.some((field) => field.type === 'button')) {
          add({
            name: el.getAttribute('name')!,
            type: 'button',
            value: el.getAttribute('value') ?? '',
            maxLength: null,
            checked: false,
          });
        }
      },
    })
    .transform(new Response(html))
    .text();
  return forms;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A value a person could have typed into an empty field, so the rest of the form can pass. */
function plausible(field: FormField): string {
  if (field.value !== '' || field.type === 'hidden' || field.type === 'button' || field.type === 'select') return field.value;
  if (field.type === 'email') return `guard.${crypto.randomUUID().slice(0, 8)}@example.org`;
  if (field.type === 'tel') return '01632 960123';
  if (field.type === 'text' || field.type === 'textarea') {
    if (/address/i.test(field.name)) return '4 Mill Lane, Lymington SO41 9AA';
    if (/postcode/i.test(field.name)) return 'BH6 3AA';
    if (/name/i.test(field.name)) return 'Pat Guard';
    return field.type === 'textarea' ? 'The outside drain is blocked.' : 'Blocked drain';
  }
  return '';
}

/**
 * The fields as a person would send the form: what the page filled in, empty ones given a
 * plausible value (the honeypot stays empty), unchecked boxes and files left out.
 */
export function defaultsOf(form: PageForm): [string, string][] {
  return form.fields
    .filter((field) => (field.type === 'checkbox' || field.type === 'radio' ? field.checked : field.type !== 'file'))
    .map((field) => [field.name, field.name === 'website' ? '' : plausible(field)]);
}

/** Where the site's links go: admin pages to read forms from, one level at a time. */
export async function adminLinksOf(html: string): Promise<string[]> {
  const links: string[] = [];
  await new HTMLRewriter()
    .on('a[href^="/admin"]', {
      element(el) {
        links.push(el.getAttribute('href')!.replace(/&amp;/g, '&'));
      },
    })
    .transform(new Response(html))
    .text();
  return links;
}

/**
 * What a form post may change in D1: each table's row count and highest rowid, and for rows a
 * form edits in place, what it edits. Sessions, sign-in challenges and tap counts are left out
 * (every request may touch them), as is a passkey's last use.
 */
const WATCHED: Record<string, string> = {
  posts: 'max(updated_at)',
  keywords: "''",
  posts_keywords: "''",
  leads: 'max(updated_at)',
  lead_messages: 'max(updated_at)',
  lead_photos: "''",
  lead_events: "''",
  media: "group_concat(key || ':' || alt, '|')",
  content_revisions: "''",
  people: "group_concat(id || ':' || name || ':' || role || ':' || coalesce(removed_at, ''), '|')",
  passkeys: "group_concat(id || ':' || device, '|')",
  invites: "group_concat(id || ':' || coalesce(used_at, ''), '|')",
  audit_log: "''",
};

export async function dataFingerprint(): Promise<string> {
  const statements = Object.entries(WATCHED).map(([table, edited]) =>
    env.DB.prepare(`SELECT '${table}' AS t, count(*) AS n, coalesce(max(rowid), 0) AS last, ${edited} AS edited FROM ${table}`),
  );
  const results = await env.DB.batch(statements);
  return JSON.stringify(results.map((result) => result.results[0]));
}
