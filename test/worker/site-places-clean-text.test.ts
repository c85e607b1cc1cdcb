import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from '../../src/rules/text';
import { request, signIn } from './admin-helpers';
import { postSite } from './site-helpers';

/** The Areas page's places reach every public footer: control characters never get there. */

const revisionCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM content_revisions').first<{ n: number }>())!.n;

describe("the areas' places", { timeout: 30_000 }, () => {
  it('refuses NUL and ESC with a message on the field, saves nothing, and the public pages never show them', async () => {
    const session = await signIn();
    const before = await revisionCount();
    const res = await postSite(session, '/admin/site/areas', {
      places: 'Southbourne\nChrist\u0000church\n\u001b[31mVerwood',
      'town-verwood': 'on',
      districts: 'BH6 BH23 BH31',
      outline: '50.68 | -2.06\n50.95 | -1.9\n50.74 | -1.46',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Please remove the unusual characters from the places.');
    expect(await revisionCount()).toBe(before);
    const home = await (await request('/')).text();
    expect(hasControlCharacter(home)).toBe(false);
  });
});
