import { d1Database, databaseFor } from '../db/client';
import { isPublishedSlug } from '../db/posts';
import { countTap } from '../db/taps';
import type { Bindings } from '../env';
import { withinLimit } from '../http/rate-limit';
import { sitePageOf } from '../http/site-pages';
import { errorText, log } from '../log';
import type { TapChannel } from '../rules/tap-channels';
import { londonDay } from '../rules/uk-time';

/** Taps on pages we do not list (an error page, a post since deleted) are counted together. */
export const OTHER_PAGE = '(other pages)';

/**
 * The one front door for a tap: rate-limit, name the page, count it. No IP, no URL query and
 * nothing else about the visitor is stored: the row is (UK day, page path, channel, count).
 */
export type TapOutcome = 'counted' | 'limited' | 'failed';

async function pageOf(env: Bindings, from: URL): Promise<string> {
  const page = sitePageOf(from.pathname);
  if (!page) return OTHER_PAGE;
  if (page.kind === 'page') return page.path;
  const slug = page.path.slice('/blog/'.length);
  return (await isPublishedSlug(await databaseFor(env), slug, new Date().toISOString())) ? page.path : OTHER_PAGE;
}

export async function recordTap(
  env: Bindings,
  channel: TapChannel,
  from: URL,
  ip: string,
  now = Date.now(),
): Promise<TapOutcome> {
  if (!(await withinLimit(env.TAPS_LIMITER, `taps:${ip}`))) return 'limited';
  try {
    const page = await pageOf(env, from);
    await countTap(d1Database(env), { day: londonDay(now), page, channel });
    return 'counted';
  } catch (error) {
    log.error('tap could not be counted', { channel, error: errorText(error) });
    return 'failed';
  }
}
