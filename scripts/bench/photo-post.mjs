// A blog post with uploaded photos, written through the admin as the owner would (sign in, upload
// a picture for the text, save the post with a cover file), so the benchmarks measure a post whose
// pictures come from R2 through /media/. The photos are JPEGs made by Chromium's encoder.
import { chromium } from 'playwright-core';
import { makeJpeg } from '../../test/support/make-photo.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './pages.mjs';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';
export const PHOTO_POST_SLUG = 'bench-post-with-a-photo';

async function makePhotos() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    // The cover is the page's largest paint: a phone-camera shape, compressed as a phone would.
    return {
      cover: await makeJpeg(page, 1200, 675, 'Manhole, back garden', 0.7),
      inText: await makeJpeg(page, 1200, 900, 'Gully after clearing', 0.7),
    };
  } finally {
    await browser.close();
  }
}

/** Signs in as the owner: the session cookie, the CSRF token and a multipart poster with both. */
export async function signInAsOwner(origin) {
  const headers = { Origin: origin, 'Sec-Fetch-Site': 'same-origin' };
  const signIn = await fetch(`${origin}/admin/login`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ token: BENCH_ADMIN_TOKEN }),
    redirect: 'manual',
  });
  const cookie = /(__Host-bcp_admin=[^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`bench: admin sign-in failed (${signIn.status})`);
  const admin = await (await fetch(`${origin}/admin/posts`, { headers: { Cookie: cookie } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(admin)?.[1];
  // Straight to an admin page after signing in, whatever sign-in would show first (a prompt, say).
  if (!csrf) throw new Error('bench: signed in, but /admin/posts has no CSRF token (not the posts page?)');
  const post = (path, fields) => {
    const body = new FormData();
    body.set('_csrf', csrf);
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return fetch(`${origin}${path}`, { method: 'POST', headers: { ...headers, Cookie: cookie }, body, redirect: 'manual' });
  };
  return { cookie, csrf, post };
}

export async function addPhotoPost(origin) {
  const { cover, inText } = await makePhotos();
  const { post } = await signInAsOwner(origin);
  const jpeg = (bytes, name) => new File([bytes], name, { type: 'image/jpeg' });

  const uploaded = await post('/admin/api/media', {
    file: jpeg(inText, 'IMG_0002.jpg'),
    alt: 'A cleared gully with hot water running into it',
  });
  if (uploaded.status !== 201) throw new Error(`bench: picture upload failed (${uploaded.status})`);
  const { markdown } = await uploaded.json();
  const saved = await post('/admin/posts', {
    title: 'What we found under a smelly back garden gully',
    slug: PHOTO_POST_SLUG,
    excerpt:
      'A dry trap, a cracked gully pot and a build-up of fat: what a CCTV survey showed, and how we fixed it in an afternoon.',
    cover: jpeg(cover, 'IMG_0001.jpg'),
    image_alt: 'An open manhole in a back garden lawn',
    published_at: '2025-01-15T09:00',
    category: 'Blocked Drains',
    format: 'markdown',
    content: [
      '## What the owner noticed',
      '',
      'A smell by the back door on warm days, and the kitchen sink gurgling when the washing machine emptied. See our [drain unblocking](/services/drain-unblocking) page for the usual causes.',
      '',
      '## What the camera showed',
      '',
      '- The gully trap had dried out: nothing stopped sewer air coming up.',
      '- The gully pot was cracked at the outlet.',
      '- A ring of fat had narrowed the pipe to half its width.',
      '',
      markdown,
      '',
      '> Pour a kettle of water into an outside gully every few weeks in a dry spell: the trap stays full and the smell stays out.',
    ].join('\n'),
    author: 'Mark Dawson',
    keywords: 'gully, drain smell, CCTV survey',
    intent: 'save',
  });
  if (saved.status !== 303) throw new Error(`bench: saving the photo post failed (${saved.status})`);
  return `/blog/${PHOTO_POST_SLUG}`;
}
