import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { site } from '../support/content';
import { call } from './leads-helpers';

async function get(path: string) {
  const res = await exports.default.fetch(`https://www.example.com${path}`);
  return { res, html: await res.text() };
}

const mainOf = (html: string) => html.match(/<main\b[^>]*>([\s\S]*)<\/main>/)?.[1] ?? '';

/** What a reader sees: tags removed, React's escapes undone, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('/privacy', () => {
  it('names the business and how to reach it, with the facts from src/site.ts', async () => {
    const { res, html } = await get('/privacy');
    expect(res.status).toBe(200);
    const text = textOf(mainOf(html));
    expect(text).toContain(`${site.name}, based in ${site.address.locality}, ${site.address.town}, ${site.address.region}`);
    expect(text).toContain(`e-mail ${site.email.address} or call ${site.phone.emergency.display}`);
    expect(mainOf(html)).toContain(`href="${site.email.href}"`);
    expect(mainOf(html)).toContain(`href="${site.phone.emergency.href}"`);
  });

  it('says what each form collects, why, on what basis, who handles it, and the rights and the ICO', async () => {
    const text = textOf(mainOf((await get('/privacy')).html));
    expect(text).toContain(
      'Your name, e-mail address, phone number (if you give one), the best time to call you (if you choose one), your message and any photos you attach. We use them to answer your message',
    );
    expect(text).toContain(
      "Your full name, e-mail address, phone number, the property's address, the service and the best time to call you choose, any details you add and any photos you attach. We use them to arrange the survey and prepare your quote;",
    );
    expect(text).toContain('taking steps you requested before a possible contract');
    expect(text).toContain('legitimate interests');
    expect(text).toContain('Cloudflare runs this website and stores what you send');
    expect(text).toContain('MailChannels delivers your enquiry to our inbox by e-mail, and our confirmation to you.');
    expect(text).toContain(
      'Photos are kept in private storage that only we can open, and are deleted with the rest of your enquiry.',
    );
    for (const right of ['(access)', '(correction)', '(erasure)', '(objection)']) expect(text).toContain(right);
    expect(text).toContain("Information Commissioner's Office (ICO)");
    expect(text).toContain('at ico.org.uk/make-a-complaint or on 0303 123 1113');
    expect(text).toContain(
      'sets no cookies for visitors, and it has no analytics or advertising scripts and nothing that follows you',
    );
    // What is recorded about where enquiries come from, and the tap counts, and why.
    expect(text).toContain('which of our pages you sent it from, the page of ours you were on just before');
    expect(text).toContain("that website's name (never the page you were on there) and the campaign tags");
    expect(text).toContain('they are kept and deleted with your enquiry');
    expect(text).toContain('we add one to a count for that day, that page and that kind of link. Nothing else is kept');
    expect(text).toContain('Firefox among them, do not send these pings');
    // Turnstile and a map tile host are not configured here, so the notice does not mention them.
    expect(text).not.toContain('Turnstile');
    expect(text).not.toContain('live map');
  });

  it('states the retention days configured in wrangler.jsonc', async () => {
    expect(env.LEAD_RETENTION_DAYS_HANDLED).toBe('365');
    expect(env.LEAD_RETENTION_DAYS_UNHANDLED).toBe('730');
    const text = textOf(mainOf((await get('/privacy')).html));
    expect(text).toContain('365 days (1 year) after we have marked your enquiry as dealt with');
    expect(text).toContain('730 days (2 years) after it arrived, if it was never marked as dealt with');
  });

  it('follows other settings: retention days, Turnstile and a map tile host', async () => {
    const bindings = {
      ...env,
      LEAD_RETENTION_DAYS_HANDLED: '90',
      LEAD_RETENTION_DAYS_UNHANDLED: 'not a number',
      TURNSTILE_SITE_KEY: 'site-key',
      TURNSTILE_SECRET_KEY: 'secret-key',
      MAP_STYLE_URL: 'https://tiles.example.net/styles/streets.json',
    };
    // A query string keeps this one-off rendering out of the page cache.
    const text = textOf(mainOf(await (await call('/privacy?settings=other', {}, bindings)).text()));
    expect(text).toContain('90 days after we have marked your enquiry as dealt with');
    expect(text).toContain('730 days (2 years) after it arrived');
    expect(text).toContain('Cloudflare Turnstile checks that a form is sent by a person');
    expect(text).toContain('tiles.example.net supplies the pictures for the live map');
  });

  it('is a complete page: metadata, one h1, headings in order, no script', async () => {
    const { html } = await get('/privacy');
    expect(html).toMatch(/<title>Privacy Notice[^<]+<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${env.SITE_ORIGIN}/privacy"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"\/>/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"\/>/);
    const levels = [...mainOf(html).matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeLessThanOrEqual(levels[i - 1]! + 1);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts).toEqual([]);
  });

  it('is kept by the page cache like the other static pages', async () => {
    await get('/privacy');
    const { res } = await get('/privacy');
    expect(res.headers.get('x-page-cache')).toMatch(/^(hit|shared)$/);
  });

  it('is in the sitemap', async () => {
    expect((await get('/sitemap.xml')).html).toContain(`<loc>${env.SITE_ORIGIN}/privacy</loc>`);
  });
});

describe('links to the notice', () => {
  it('are in the footer of every kind of page', async () => {
    for (const path of ['/', '/services', '/services/drain-unblocking', '/faq', '/blog', '/contact', '/free-quote', '/privacy']) {
      const footer = (await get(path)).html.match(/<footer class="site-footer">[\s\S]*<\/footer>/)?.[0];
      expect(footer, path).toContain('<a href="/privacy">Privacy notice</a>');
    }
  });

  it('sit beside each form’s send button, inside the form, saying what the details are for', async () => {
    const forms = [
      { path: '/contact', action: '/api/contact', line: 'We use your details only to answer you.', button: 'Send Message' },
      {
        path: '/free-quote',
        action: '/api/quote',
        line: 'We use your details only to prepare your quote.',
        button: 'Request My Free Quote',
      },
    ];
    for (const { path, action, line, button } of forms) {
      const form = (await get(path)).html.match(new RegExp(`<form[^>]*action="${action}"[\\s\\S]*?</form>`))?.[0] ?? '';
      const actions = form.match(/<div class="lead-form__actions">[\s\S]*?<\/div>/)?.[0] ?? '';
      expect(textOf(actions), path).toContain(`${button} ${line} Privacy notice`);
      expect(actions).toContain('<a href="/privacy">Privacy notice</a>');
    }
  });
});
