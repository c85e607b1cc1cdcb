// The page types every benchmark measures, one URL each.
export const PAGE_TYPES = [
  { name: 'Home', path: '/' },
  { name: 'Services', path: '/services' },
  { name: 'Service page', path: '/services/drain-unblocking' },
  { name: 'FAQ', path: '/faq' },
  { name: 'Blog list', path: '/blog' },
  { name: 'Blog post', path: null }, // the newest post, found at run time
  // Written through the admin with an uploaded cover and a photo in the text (scripts/bench/photo-post.mjs).
  { name: 'Blog post with photo', path: '/blog/bench-post-with-a-photo', writtenByBench: true },
  { name: 'Contact', path: '/contact' },
  { name: 'Free quote', path: '/free-quote' },
  { name: 'Privacy notice', path: '/privacy' },
];

/**
 * Admin pages measured by Lighthouse (signed in, at a phone's 375 px): not public, so not
 * weighed or load-tested, and noindex by design (SEO is not scored against them). Target: each
 * of performance, accessibility and best practices at least ADMIN_LIGHTHOUSE_TARGET.
 */
export const ADMIN_PAGE_TYPES = [
  { name: 'Post editor (admin, 375 px)', path: '/admin/posts/new', admin: true },
  // The inbox holding the bench's 200 leads (scripts/bench/leads.mjs); its first page of 20.
  { name: 'Leads inbox, 200 leads (admin, 375 px)', path: '/admin/leads', admin: true },
];
export const ADMIN_LIGHTHOUSE_TARGET = 95;
export const adminLighthousePass = (row) =>
  [row.performance, row.accessibility, row.bestPractices].every((score) => score >= ADMIN_LIGHTHOUSE_TARGET);

/** The inbox's warm server render with the 200 leads: median over RUNS after WARMUP requests, at most TARGET_MS. */
export const LEADS_RENDER = { path: '/admin/leads', warmup: 5, runs: 30, targetMs: 50 };
export const PHONE_375 = { mobile: true, width: 375, height: 812, deviceScaleFactor: 2, disabled: false };

/** Fills in the blog post URL from the live /blog page. */
export async function resolvePages(baseUrl) {
  const html = await (await fetch(`${baseUrl}/blog`)).text();
  const slug = html.match(/href="\/blog\/([a-z0-9-]+)"/)?.[1];
  return PAGE_TYPES.map((p) => (p.path ? p : { ...p, path: slug ? `/blog/${slug}` : '/blog' }));
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
