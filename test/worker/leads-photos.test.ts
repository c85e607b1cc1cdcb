import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { leadReference } from '../../src/leads/lead-summary';
import { PHOTO_MESSAGES } from '../../src/rules/photos';
import { takeLogs } from '../support/console-guard';
import { MB, photoFile } from '../support/photo-files';
import { contactLead, countLeads, leadById, ownerMailFor, postJson, postWithPhotos, quoteLead } from './leads-helpers';

/**
 * Photos with a lead: up to 3, judged by their first bytes, written to R2 under leads/ before the
 * lead is answered as received, listed in D1 beside it. Anything refused leaves nothing behind:
 * no row, no object (the bucket is listed to be sure).
 */

async function leadObjects(prefix = 'leads/') {
  const listed = await env.MEDIA.list({ prefix, include: ['httpMetadata'] });
  return listed.objects;
}

async function photoRows(leadId: string) {
  const { results } = await env.DB.prepare('SELECT * FROM lead_photos WHERE lead_id = ? ORDER BY position').bind(leadId).all();
  return results;
}

/** Counts before a refused request, to compare after it. */
async function snapshot() {
  return { leads: await countLeads(), objects: (await leadObjects()).length };
}

async function expectNothingStored(before: { leads: number; objects: number }) {
  expect(await countLeads()).toBe(before.leads);
  expect((await leadObjects()).length).toBe(before.objects);
}

describe('a lead with photos', () => {
  it('from a form post without JavaScript: 3 photos land in R2 and D1, then the 303', async () => {
    const input = await quoteLead();
    const files = [
      photoFile('jpeg', 'IMG_0001.jpg', 300_000),
      photoFile('png', 'drain.png', 5000, 'application/octet-stream'),
      photoFile('heic', 'IMG_0002.HEIC', 2 * MB, ''),
    ];
    const res = await postWithPhotos('/api/quote', input, files);
    expect(res.status).toBe(303);
    const [owner] = await ownerMailFor(input.email);
    const id = /\/admin\/leads\/([0-9a-f-]{36})/.exec(owner!.body.content[0]!.value)![1]!;
    // Issue 23: the answer page shows the lead's short reference, as the admin does.
    expect(res.headers.get('location')).toBe(`/free-quote/sent?ref=${leadReference(id)}&service=${input.service}`);
    expect(await leadById(id)).toMatchObject({ kind: 'quote', email: input.email });

    const rows = await photoRows(id);
    expect(rows.map((row) => [row.position, row.content_type, row.bytes])).toEqual([
      [1, 'image/jpeg', 300_000],
      [2, 'image/png', 5000],
      [3, 'image/heic', 2 * MB],
    ]);
    const objects = await leadObjects(`leads/${id}/`);
    expect(objects.map((object) => object.key).sort()).toEqual(rows.map((row) => row.key).sort());
    for (const [i, row] of rows.entries()) {
      expect(row.key).toMatch(new RegExp(`^leads/${id}/${i + 1}-[0-9a-f]{64}\\.(jpg|png|heic)$`));
      const object = objects.find((o) => o.key === row.key)!;
      expect(object.size).toBe(row.bytes);
      // The type judged from the bytes, not the one the browser claimed.
      expect(object.httpMetadata?.contentType).toBe(row.content_type);
    }
    const text = owner!.body.content[0]!.value;
    expect(text).toContain('Photos: 3 photos');
    expect(text).toContain(`See this lead and its photos in the admin: ${env.SITE_ORIGIN}/admin/leads/${id}`);
  });

  it('from an island (multipart, asking for JSON): 202 with the id', async () => {
    const input = await contactLead();
    const res = await postWithPhotos('/api/contact', input, [photoFile('webp', 'sink.webp', 9 * MB)], { accept: 'json' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect((await photoRows(id)).map((row) => row.content_type)).toEqual(['image/webp']);
    expect(await leadObjects(`leads/${id}/`)).toHaveLength(1);
  });

  it('takes two photos of 10 MB each: the limits are inclusive', async () => {
    const input = await contactLead();
    const files = [photoFile('jpeg', 'a.jpg', 10 * MB), photoFile('jpeg', 'b.jpg', 10 * MB)];
    const res = await postWithPhotos('/api/contact', input, files, { accept: 'json' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect(await leadObjects(`leads/${id}/`)).toHaveLength(2);
  });

  it('without any photo: an empty file input is no photo', async () => {
    const input = await contactLead();
    const empty = new File([], '', { type: 'application/octet-stream' });
    const res = await postWithPhotos('/api/contact', input, [empty], { accept: 'json' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect(await photoRows(id)).toEqual([]);
  });
});

describe('a refused upload answers 4xx naming the rule, and stores nothing', () => {
  const cases: { name: string; files: () => File[]; status: number; message: string }[] = [
    { name: 'a GIF', files: () => [photoFile('gif', 'funny.gif')], status: 400, message: PHOTO_MESSAGES.type('funny.gif') },
    {
      name: 'an SVG named .jpg',
      files: () => [photoFile('svg', 'photo.jpg')],
      status: 400,
      message: PHOTO_MESSAGES.type('photo.jpg'),
    },
    {
      name: 'HTML',
      files: () => [photoFile('html', 'page.png', 200, 'image/png')],
      status: 400,
      message: PHOTO_MESSAGES.type('page.png'),
    },
    {
      name: 'an AVIF (not a type we take)',
      files: () => [photoFile('avif', 'x.avif')],
      status: 400,
      message: PHOTO_MESSAGES.type('x.avif'),
    },
    {
      name: 'a good photo with a bad one',
      files: () => [photoFile('jpeg', 'good.jpg'), photoFile('gif', 'bad.gif')],
      status: 400,
      message: PHOTO_MESSAGES.type('bad.gif'),
    },
    {
      name: 'four photos',
      files: () => ['1', '2', '3', '4'].map((n) => photoFile('jpeg', `${n}.jpg`)),
      status: 400,
      message: PHOTO_MESSAGES.tooMany,
    },
    {
      name: 'an empty file',
      files: () => [new File([], 'IMG_1.jpg', { type: 'image/jpeg' })],
      status: 400,
      message: PHOTO_MESSAGES.empty('IMG_1.jpg'),
    },
    {
      name: 'a photo over 10 MB',
      files: () => [photoFile('jpeg', 'huge.jpg', 10 * MB + 1)],
      status: 413,
      message: PHOTO_MESSAGES.tooLarge('huge.jpg'),
    },
  ];

  for (const c of cases) {
    it(`${c.name}: JSON for an island, with the message on the photos`, async () => {
      const before = await snapshot();
      const input = await contactLead();
      const res = await postWithPhotos('/api/contact', input, c.files(), { accept: 'json' });
      expect(res.status).toBe(c.status);
      expect(await res.json()).toEqual({ error: 'Please check the highlighted fields.', fields: { photos: c.message } });
      await expectNothingStored(before);
    });
  }

  it('each, without JavaScript: the form back with the message and the typed values kept', async () => {
    for (const c of cases) {
      const before = await snapshot();
      const input = await quoteLead();
      const res = await postWithPhotos('/api/quote', input, c.files());
      expect(res.status, c.name).toBe(c.status);
      const html = await res.text();
      const escaped = c.message.replace(/"/g, '&quot;');
      expect(html, c.name).toContain(`<p class="lead-form__error" id="quote-photos-error" role="alert">${escaped}</p>`);
      expect(html, c.name).toContain(`value="${input.email}"`);
      expect(html, c.name).toContain(`value="${input.address}"`);
      expect(html, c.name).toContain('encType="multipart/form-data"');
      await expectNothingStored(before);
    }
  });

  it('photos over 20 MB together are stopped by the body limit (413), before anything is read', async () => {
    const before = await snapshot();
    const files = () => ['a', 'b', 'c'].map((n) => photoFile('jpeg', `${n}.jpg`, 7 * MB));
    const json = await postWithPhotos('/api/contact', await contactLead(), files(), { accept: 'json' });
    expect(json.status).toBe(413);
    expect(((await json.json()) as { error: string }).error).toMatch(
      /^Your photos are too large to send: at most 3, 10 MB each and 20 MB together/,
    );
    const page = await postWithPhotos('/api/quote', await quoteLead(), files());
    expect(page.status).toBe(413);
    expect(await page.text()).toContain('Your photos are too large to send');
    await expectNothingStored(before);
  });

  it('photos in a JSON body, where no file can be', async () => {
    const before = await snapshot();
    const res = await postJson('/api/contact', await contactLead({ photos: ['data:image/png;base64,AAAA'] }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ photos: PHOTO_MESSAGES.notFiles });
    await expectNothingStored(before);
  });

  it('a field mistake with good photos: the form asks for the photos again, and nothing is kept', async () => {
    const before = await snapshot();
    const input = await quoteLead({ phone: '' });
    const res = await postWithPhotos('/api/quote', input, [photoFile('jpeg', 'ok.jpg')]);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="quote-phone-error">Please enter your phone number.</p>');
    expect(html).toContain(`id="quote-photos-error" role="alert">${PHOTO_MESSAGES.chooseAgain}</p>`);
    await expectNothingStored(before);
  });
});

describe('when the lead cannot be stored after its photos were written', () => {
  afterEach(async () => {
    await env.DB.prepare('DROP TRIGGER IF EXISTS refuse_leads').run();
  });

  it('deletes the photos again and answers 503', async () => {
    await env.DB.prepare(
      "CREATE TRIGGER refuse_leads BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'storage unavailable'); END",
    ).run();
    const before = await snapshot();
    const files = [photoFile('jpeg', '1.jpg'), photoFile('png', '2.png')];
    const res = await postWithPhotos('/api/contact', await contactLead(), files, { accept: 'json' });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/could not save your message/);
    await expectNothingStored(before);
    expect(takeLogs('error', 'lead could not be stored')).toHaveLength(1);
  });

  it('deletes the ones written when R2 fails part-way', async () => {
    // The real local bucket, refusing the second write as an outage would.
    let puts = 0;
    const flaky = new Proxy(env.MEDIA, {
      get(target, prop) {
        if (prop === 'put') {
          return (...args: Parameters<R2Bucket['put']>) => {
            puts += 1;
            if (puts === 2) return Promise.reject(new Error('R2 unavailable'));
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const before = await snapshot();
    const files = [photoFile('jpeg', '1.jpg'), photoFile('png', '2.png'), photoFile('webp', '3.webp')];
    const res = await postWithPhotos('/api/contact', await contactLead(), files, {
      accept: 'json',
      bindings: { ...env, MEDIA: flaky },
    });
    expect(res.status).toBe(503);
    expect(puts).toBe(2);
    await expectNothingStored(before);
    expect(takeLogs('error', 'lead could not be stored')).toEqual([
      { level: 'error', msg: 'lead could not be stored', form: 'contact', error: 'Error: R2 unavailable' },
    ]);
  });
});
