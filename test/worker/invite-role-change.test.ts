import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { postForm, signIn, tag } from './admin-helpers';
import { mailFor } from './leads-helpers';

/**
 * An invitation's e-mail says the role the person has when it is sent; when the owner changes the
 * role of someone who has not yet accepted, they get the invitation again in the new role's words
 * (issue 47: it still said "office staff").
 */
describe('an invitation after a change of role', () => {
  const textOf = (mail: Awaited<ReturnType<typeof mailFor>>[number]) =>
    mail.body.content.find((part) => part.type === 'text/plain')!.value;
  const linkIn = (text: string) => /https:\/\/www\.example\.com(\/admin\/invite\/[\w-]{43})/.exec(text)?.[1];

  it('is sent again, worded for the new role, with the same link', async () => {
    const owner = await signIn();
    const email = `invitee.${tag()}@example.org`;
    const invited = await postForm(owner, '/admin/people/invite', { name: `Invitee ${tag()}`, email, role: 'office' });
    expect(invited.status).toBe(303);
    await vi.waitFor(async () => expect(await mailFor(email)).toHaveLength(1), { timeout: 10_000 });
    const first = textOf((await mailFor(email))[0]!);
    expect(first).toContain('as office staff');

    const person = await env.DB.prepare('SELECT id FROM people WHERE email = ?').bind(email).first<{ id: number }>();
    const changed = await postForm(owner, `/admin/people/${person!.id}/role`, { role: 'engineer' });
    expect(changed.status).toBe(303);

    await vi.waitFor(async () => expect(await mailFor(email)).toHaveLength(2), { timeout: 10_000 });
    const second = (await mailFor(email)).map(textOf).find((text) => text !== first)!;
    expect(second).toContain('as an engineer');
    expect(second).not.toContain('office staff');
    expect(linkIn(second)).toBe(linkIn(first));
  }, 30_000);

  it('is not sent again once the invitation is used', async () => {
    const owner = await signIn();
    const email = `invitee.${tag()}@example.org`;
    await postForm(owner, '/admin/people/invite', { name: `Invitee ${tag()}`, email, role: 'office' });
    await vi.waitFor(async () => expect(await mailFor(email)).toHaveLength(1), { timeout: 10_000 });
    const person = await env.DB.prepare('SELECT id FROM people WHERE email = ?').bind(email).first<{ id: number }>();
    await env.DB.prepare('UPDATE invites SET used_at = ? WHERE person_id = ?').bind(Date.now(), person!.id).run();
    expect((await postForm(owner, `/admin/people/${person!.id}/role`, { role: 'engineer' })).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailFor(email)).toHaveLength(1);
  }, 30_000);
});
