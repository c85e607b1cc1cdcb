import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MOVED_MESSAGE } from '../../src/admin/onsite/answers';
import { MAX_SITE_PHOTO_BYTES, MAX_SITE_VIDEO_BYTES, NOTE_MAX } from '../../src/rules/site-items';
import { personWithSession, request } from './admin-helpers';
import { adminPost, GO_ON, messagesOfLead, statusPath } from './job-helpers';
import { mailFor } from './leads-helpers';
import { engineersJob, itemKey, mp4File, pngFile, rowsIn, saveChecklistAsOwner, sitePost } from './onsite-helpers';

/**
 * The engineer on site (issue 50), item by item: each is stored once under its item key (a replay
 * answers as a success and stores nothing), has its limits refused in words, and is taken only
 * from the engineer the job is given to (or the office); "on my way" e-mails the customer once.
 */

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

describe('the engineer’s job sheet', () => {
  it('has a plain form for each item, each with its own item key, and nothing of the office’s', async () => {
    const { engineer, lead } = await engineersJob();
    const html = await (await request(`/admin/jobs/${lead.id}`, { cookie: engineer.cookie })).text();
    // Before any tap: "On my way", or "Arrived" for someone already at the door; "Finished" comes after.
    for (const item of ['on-my-way', 'arrived', 'notes', 'media', 'signature']) {
      expect(html).toContain(`action="/admin/leads/${lead.id}/site/${item}"`);
    }
    expect(html).not.toContain(`action="/admin/leads/${lead.id}/site/finished"`);
    const forms = html.match(/<form[^>]*data-site-item=""[^>]*>/g) ?? [];
    expect(forms.length).toBeGreaterThanOrEqual(6);
    const keys = [...html.matchAll(/name="item_key" value="([0-9a-f-]{36})"/g)].map((match) => match[1]);
    expect(keys.length).toBe(forms.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(html).not.toContain(lead.email);
  }, 20_000);
});

describe('on my way', () => {
  it('e-mails the customer once, with the engineer’s first name and the window, however often it is tapped', async () => {
    const { engineer, lead } = await engineersJob('Ollie');
    const key = itemKey();
    expect(await json(await sitePost(engineer, lead.id, 'on-my-way', { item_key: key }))).toEqual({
      status: 200,
      body: { stored: true },
    });
    expect(await json(await sitePost(engineer, lead.id, 'on-my-way', { item_key: key }))).toEqual({
      status: 200,
      body: { stored: false, duplicate: true },
    });
    // A double tap from two forms (two keys) at once: a repeat, so nothing new is stored, and one e-mail.
    const both = await Promise.all([
      sitePost(engineer, lead.id, 'on-my-way', { item_key: itemKey() }),
      sitePost(engineer, lead.id, 'on-my-way', { item_key: itemKey() }),
    ]);
    expect(both.map((res) => res.status)).toEqual([200, 200]);
    expect(await rowsIn('site_events', lead.id)).toBe(1);
    expect((await messagesOfLead(lead.id)).filter((message) => message.kind === 'on-my-way')).toHaveLength(1);
    const mails = (await mailFor(lead.email)).filter((mail) => mail.body.subject.includes('on the way'));
    expect(mails).toHaveLength(1);
    const text = mails[0]!.body.content.find((part) => part.type === 'text/plain')!.value;
    expect(mails[0]!.body.subject).toMatch(/^Ollie from .+ is on the way$/);
    expect(text).toContain('Ollie is on the way to you now, for your visit booked 10am to 12pm.');
  });

  it('answers a plain form with the job page again, and the page shows the time', async () => {
    const { engineer, lead } = await engineersJob();
    const res = await sitePost(engineer, lead.id, 'arrived', { item_key: itemKey() }, { page: true });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/jobs/${lead.id}?saved=1#on-site`);
    const html = await (await request(`/admin/jobs/${lead.id}?saved=1`, { cookie: engineer.cookie })).text();
    expect(html).toContain('Saved.');
    expect(html).toMatch(/✓ Arrived<\/span> <span class="site-taps__time">\d{1,2}(:\d\d)?(am|pm)<\/span>/);
  });

  it('dates an item sent late from the queue when the phone made it, within the last week only', async () => {
    const { engineer, lead } = await engineersJob();
    const hourAgo = Date.now() - 60 * 60 * 1000;
    expect((await sitePost(engineer, lead.id, 'arrived', { item_key: itemKey(), taken_at: String(hourAgo) })).status).toBe(200);
    const before = Date.now();
    // A time ahead of now, over a week old, or not a time: the server's own time instead.
    for (const [index, wrong] of [
      String(Date.now() + 60 * 60 * 1000),
      String(Date.now() - 8 * 24 * 60 * 60 * 1000),
      'soon',
    ].entries()) {
      const note = { item_key: itemKey(), taken_at: wrong, found: `Note ${index}` };
      expect((await sitePost(engineer, lead.id, 'notes', note)).status).toBe(200);
    }
    const [arrived] = (
      await env.DB.prepare('SELECT created_at AS at FROM site_events WHERE lead_id = ?').bind(lead.id).all<{ at: number }>()
    ).results;
    expect(arrived!.at).toBe(hourAgo);
    const { results } = await env.DB.prepare('SELECT created_at AS at FROM site_notes WHERE lead_id = ?')
      .bind(lead.id)
      .all<{ at: number }>();
    expect(results).toHaveLength(3);
    for (const row of results) expect(row.at).toBeGreaterThanOrEqual(before);
  });
});

describe('notes', () => {
  it('are stored once per key, and refused in words when empty or too long', async () => {
    const { engineer, lead } = await engineersJob();
    const key = itemKey();
    const note = { item_key: key, found: 'Root ingress at 4 m', done: 'Jetted the run', recommended: 'Reline 3 m to 5 m' };
    expect((await json(await sitePost(engineer, lead.id, 'notes', note))).body).toEqual({ stored: true });
    expect((await json(await sitePost(engineer, lead.id, 'notes', note))).body).toEqual({ stored: false, duplicate: true });
    expect(await rowsIn('site_notes', lead.id)).toBe(1);

    const long = await json(await sitePost(engineer, lead.id, 'notes', { item_key: itemKey(), done: 'x'.repeat(NOTE_MAX + 1) }));
    expect(long).toEqual({
      status: 413,
      body: { message: `What was done can be at most ${NOTE_MAX} characters (it has ${NOTE_MAX + 1}).` },
    });
    const empty = await json(await sitePost(engineer, lead.id, 'notes', { item_key: itemKey(), found: '  ' }));
    expect(empty).toEqual({ status: 422, body: { message: 'Write at least one of the notes before saving.' } });
    const noKey = await json(await sitePost(engineer, lead.id, 'notes', { item_key: 'not-a-uuid', found: 'x' }));
    expect(noKey.status).toBe(400);
    expect(await rowsIn('site_notes', lead.id)).toBe(1);
  });
});

describe('the checklist', () => {
  it('takes an answer per question as it is ticked, the latest being the answer, and only the answers offered', async () => {
    const { owner, engineer, lead } = await engineersJob();
    await saveChecklistAsOwner(
      owner,
      'cctv-drain-survey',
      'Pipe material | choice: Clay, PVC | customer\nRoots found? | yes-no\nDiameter (mm) | text | customer',
    );
    const html = await (await request(`/admin/jobs/${lead.id}`, { cookie: engineer.cookie })).text();
    expect(html).toContain('Pipe material');
    expect(html).toContain('<option value="Clay">Clay</option>');

    const answer = (question: string, value: string, key = itemKey()) =>
      sitePost(engineer, lead.id, 'checklist', { item_key: key, question, answer: value });
    expect((await answer('pipe-material', 'Clay')).status).toBe(200);
    expect((await answer('pipe-material', 'PVC')).status).toBe(200);
    expect(await json(await answer('pipe-material', 'Steel'))).toEqual({
      status: 422,
      body: { message: 'Choose one of the answers offered.' },
    });
    expect(await json(await answer('roots-found', 'Maybe'))).toEqual({ status: 422, body: { message: 'Answer yes or no.' } });
    expect((await answer('no-such-question', 'x')).status).toBe(422);
    expect((await answer('diameter-mm', '1'.repeat(501))).status).toBe(413);
    expect(await rowsIn('site_answers', lead.id)).toBe(2);
    const ownerPage = await (await request(`/admin/leads/${lead.id}`, { cookie: owner.cookie })).text();
    expect(ownerPage).toContain('<dt>Pipe material</dt><dd>PVC (in the customer’s report)</dd>');
  });
});

/** The Worker's bindings with the job deleted (an erasure, say) just as a file reaches R2, before its row goes in. */
function deletedAsFileLands(leadId: string): Env {
  const media = env.MEDIA;
  const put = async (...args: Parameters<R2Bucket['put']>) => {
    const written = await media.put(...args);
    await env.DB.prepare('DELETE FROM leads WHERE id = ?').bind(leadId).run();
    return written;
  };
  const racing = new Proxy(media, {
    get: (target, name) => {
      if (name === 'put') return put;
      const value = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...env, MEDIA: racing };
}

describe('photos, videos and the signature', () => {
  it('keeps a photo judged by its bytes, once per key, private to the job, and refuses what is not a photo or video', async () => {
    const { owner, engineer, lead } = await engineersJob();
    const key = itemKey();
    expect(
      (await json(await sitePost(engineer, lead.id, 'media', { item_key: key, stage: 'after', file: pngFile() }))).body,
    ).toEqual({ stored: true });
    expect(
      (await json(await sitePost(engineer, lead.id, 'media', { item_key: key, stage: 'after', file: pngFile() }))).body,
    ).toEqual({
      stored: false,
      duplicate: true,
    });
    const row = await env.DB.prepare('SELECT key, kind, content_type, bytes FROM site_media WHERE item_key = ?')
      .bind(key)
      .first();
    expect(row).toEqual({ key: `site/${lead.id}/${key}.png`, kind: 'photo', content_type: 'image/png', bytes: 40 });
    expect(await env.MEDIA.head(`site/${lead.id}/${key}.png`)).not.toBeNull();

    const shown = await request(`/admin/leads/${lead.id}/site/media/${key}`, { cookie: owner.cookie });
    expect([shown.status, shown.headers.get('content-type'), shown.headers.get('x-content-type-options')]).toEqual([
      200,
      'image/png',
      'nosniff',
    ]);
    await shown.arrayBuffer();
    const stranger = await personWithSession('engineer');
    expect((await request(`/admin/leads/${lead.id}/site/media/${key}`, { cookie: stranger.cookie })).status).toBe(404);

    const html = new File(['<script>alert(1)</script>'], 'x.png', { type: 'image/png' });
    const refused = await json(await sitePost(engineer, lead.id, 'media', { item_key: itemKey(), stage: 'before', file: html }));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^That file is not a photo or video we can keep/);
    expect((await sitePost(engineer, lead.id, 'media', { item_key: itemKey(), stage: 'during', file: pngFile() })).status).toBe(
      422,
    );
  });

  it('keeps no file when the job is deleted while its photo or signature is on the way, and answers that the job is gone', async () => {
    const gone = { status: 404, body: { message: 'That job no longer exists.' } };
    const first = await engineersJob();
    const photo = await sitePost(
      first.engineer,
      first.lead.id,
      'media',
      { item_key: itemKey(), stage: 'after', file: pngFile() },
      { env: deletedAsFileLands(first.lead.id) },
    );
    expect(await json(photo)).toEqual(gone);
    const second = await engineersJob('Ned');
    const signature = await sitePost(
      second.engineer,
      second.lead.id,
      'signature',
      { item_key: itemKey(), typed_name: 'Rosa Quinn', signature: pngFile('s.png') },
      { env: deletedAsFileLands(second.lead.id) },
    );
    expect(await json(signature)).toEqual(gone);
    for (const { lead } of [first, second]) {
      expect((await env.MEDIA.list({ prefix: `site/${lead.id}/` })).objects).toEqual([]);
      const rows =
        'SELECT (SELECT count(*) FROM site_media WHERE lead_id = ?1) + (SELECT count(*) FROM site_signatures WHERE lead_id = ?1) AS n';
      expect(await env.DB.prepare(rows).bind(lead.id).first('n')).toBe(0);
    }
  });

  it('keeps a short video, and refuses a photo or video past its size with a 413 in words', async () => {
    const { engineer, lead } = await engineersJob();
    expect(
      (await sitePost(engineer, lead.id, 'media', { item_key: itemKey(), stage: 'before', file: mp4File(2048) })).status,
    ).toBe(200);
    const big = await json(
      await sitePost(engineer, lead.id, 'media', {
        item_key: itemKey(),
        stage: 'before',
        file: mp4File(MAX_SITE_VIDEO_BYTES + 1),
      }),
    );
    expect(big).toEqual({
      status: 413,
      body: { message: 'That video is too large. Photos can be at most 10 MB and videos at most 20 MB (about 30 seconds).' },
    });
    const photo = await json(
      await sitePost(engineer, lead.id, 'media', {
        item_key: itemKey(),
        stage: 'after',
        file: pngFile('big.png', MAX_SITE_PHOTO_BYTES),
      }),
    );
    expect(photo.status).toBe(413);
    expect(await env.DB.prepare('SELECT kind, content_type FROM site_media WHERE lead_id = ?').bind(lead.id).all()).toMatchObject(
      {
        results: [{ kind: 'video', content_type: 'video/mp4' }],
      },
    );
  });

  it('keeps a signature with the typed name, or "customer not present", and needs the name', async () => {
    const { engineer, lead } = await engineersJob();
    const noName = await json(
      await sitePost(engineer, lead.id, 'signature', { item_key: itemKey(), signature: pngFile('sig.png'), typed_name: ' ' }),
    );
    expect(noName).toEqual({ status: 422, body: { message: 'Type the customer’s name under the signature.' } });
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'sig.png');
    expect(
      (await sitePost(engineer, lead.id, 'signature', { item_key: itemKey(), signature: jpeg, typed_name: 'Rosa Quinn' })).status,
    ).toBe(422);
    expect(
      (
        await sitePost(engineer, lead.id, 'signature', {
          item_key: itemKey(),
          signature: pngFile('sig.png'),
          typed_name: 'Rosa Quinn',
        })
      ).status,
    ).toBe(200);
    expect((await sitePost(engineer, lead.id, 'signature', { item_key: itemKey(), not_present: 'yes' })).status).toBe(200);
    const rows = await env.DB.prepare(
      'SELECT typed_name, not_present, key IS NOT NULL AS drawn FROM site_signatures WHERE lead_id = ? ORDER BY rowid',
    )
      .bind(lead.id)
      .all();
    expect(rows.results).toEqual([
      { typed_name: 'Rosa Quinn', not_present: 0, drawn: 1 },
      { typed_name: '', not_present: 1, drawn: 0 },
    ]);
  });
});

describe('who may add', () => {
  it('refuses another engineer, and a job moved away refuses its first engineer’s new items but keeps what they sent', async () => {
    const { owner, engineer, lead, day } = await engineersJob();
    expect((await sitePost(engineer, lead.id, 'notes', { item_key: itemKey(), found: 'Cracked collar at 2 m' })).status).toBe(
      200,
    );
    const other = await personWithSession('engineer');
    const stranger = await json(await sitePost(other, lead.id, 'notes', { item_key: itemKey(), found: 'Not mine' }));
    expect(stranger.status).toBe(409);

    expect(
      (
        await adminPost(owner, statusPath(lead.id), {
          status: 'booked',
          day,
          window: '10-12',
          person: String(other.id),
          ...GO_ON,
        })
      ).status,
    ).toBe(303);
    const moved = await json(await sitePost(engineer, lead.id, 'notes', { item_key: itemKey(), found: 'Sent after the move' }));
    expect(moved).toEqual({ status: 409, body: { message: MOVED_MESSAGE } });
    const page = await sitePost(engineer, lead.id, 'arrived', { item_key: itemKey() }, { page: true });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(MOVED_MESSAGE);
    expect((await sitePost(other, lead.id, 'notes', { item_key: itemKey(), found: 'Now mine' })).status).toBe(200);
    // The notes as they stand are the latest saved; the first engineer's are kept beneath them.
    const ownerPage = await (await request(`/admin/leads/${lead.id}`, { cookie: owner.cookie })).text();
    expect(ownerPage).toContain('Now mine');
    expect(ownerPage).not.toContain('Sent after the move');
    expect(await rowsIn('site_notes', lead.id)).toBe(2);
  });

  it('refuses a removed person, and lets the owner and office add', async () => {
    const { owner, engineer, lead } = await engineersJob();
    await env.DB.prepare('UPDATE people SET removed_at = ? WHERE id = ?').bind(Date.now(), engineer.id).run();
    const res = await sitePost(engineer, lead.id, 'notes', { item_key: itemKey(), found: 'After removal' });
    expect(res.status).not.toBe(200);
    expect(res.status).toBeLessThan(500);
    expect((await sitePost(owner, lead.id, 'notes', { item_key: itemKey(), done: 'Owner’s note' })).status).toBe(200);
    expect(await rowsIn('site_notes', lead.id)).toBe(1);
  });
});
