import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { POSTCODE_CHECK_PATH } from '../http/paths';
import type { PostcodeAnswer } from '../pages/PostcodeCheckPage';
import { serviceIn } from '../site-content/view';

/**
 * GET /postcode-check?postcode=…: "Do we cover you?" answered against the postcode districts of
 * the current content revision (the ones the quote form checks). Whatever is typed gets a clear
 * page: covered or outside (200), or what to type instead (400). Never kept (undeclared in the
 * caching tables: private, no-store) and noindex: one page per thing typed.
 */
export const postcodeCheckRoutes = new Hono<AppEnv>();

/** What is echoed back into the form: enough for any postcode, never a page of text. */
const ECHO_CHARS = 10;

postcodeCheckRoutes.get(POSTCODE_CHECK_PATH, async (c) => {
  const [{ districtOfPostcode, placeNamed }, { PostcodeCheckPage, postcodeCheckMeta }] = await Promise.all([
    import('../leads/area-check'),
    import('../pages/PostcodeCheckPage'),
  ]);
  const typed = c.req.query('postcode') ?? '';
  const { areas } = c.var.content;
  const district = districtOfPostcode(typed);
  // The page lists the places served under its form: one of them typed by name is covered too.
  const place = district ? null : placeNamed(typed, areas.places);
  const answer: PostcodeAnswer =
    typed.trim() === ''
      ? { kind: 'empty' }
      : place
        ? { kind: 'covered', district: place }
        : !district
          ? { kind: 'not-a-postcode' }
          : { kind: areas.districts.includes(district) ? 'covered' : 'outside', district };
  c.status(answer.kind === 'covered' || answer.kind === 'outside' ? 200 : 400);
  c.header('Cache-Control', NO_STORE);
  return c.render(
    <PostcodeCheckPage
      answer={answer}
      typed={place ?? typed.trim().slice(0, ECHO_CHARS)}
      service={serviceIn(c.var.content, c.req.query('service') ?? '')?.slug}
    />,
    postcodeCheckMeta(c.var.content, answer),
  );
});
