import { beforeAll, describe, expect, it } from 'vitest';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { textOf } from './invoice-helpers';

/**
 * A route that refuses with its own message: the page shows the status with its standard words and,
 * under them, what went wrong in the route's words (not only "Bad Request"), so the person knows
 * what to do.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const screenOf = (html: string) => {
  const start = html.indexOf('class="error-screen');
  return textOf(html.slice(start, html.indexOf('</section>', start)));
};

describe("an error page with the route's own message", () => {
  it('400: the preview of a page that is not the site’s says so', async () => {
    const res = await request('/admin/site/preview?page=/admin/people', { cookie: session.cookie });
    expect(res.status).toBe(400);
    const screen = screenOf(await res.text());
    expect(screen).toContain('Unexpected Application Error!');
    expect(screen).toContain('400 Bad Request');
    expect(screen).toContain('That is not a page of the site. Here are some ways on:');
    expect(screen).not.toContain("Sorry, we couldn't show that page.");
  });

  it('404: removing a person who is not there says so', async () => {
    const res = await postForm(session, '/admin/people/999999999/remove', {});
    expect(res.status).toBe(404);
    const screen = screenOf(await res.text());
    expect(screen).toContain('404 Not Found');
    expect(screen).toContain('That person is not here (already removed?).');
    expect(screen).not.toContain("this page doesn't exist");
  });

  it('without a message of its own, the status’s plain words as before', async () => {
    const res = await request('/admin/leads/no-such-lead', { cookie: session.cookie });
    expect(res.status).toBe(404);
    const screen = screenOf(await res.text());
    expect(screen).toContain('404 Not Found');
    expect(screen).toContain("Sorry, this page doesn't exist.");
  });
});
