import { buttonClass } from '../components/button';
import type { ErrorPageRenderer } from '../env';
import { tapPing } from '../http/tap-ping';
import { useSite } from '../site-content/context';
import type { ContentView } from '../site-content/view';

/** What the screen says under the spec's heading, in plain words, by status. */
const explanation = (status: number) =>
  status === 404
    ? "Sorry, this page doesn't exist. The link may be old, or the address may have a typing mistake."
    : "Sorry, we couldn't show that page.";

/**
 * docs/spec.md §2 'Other': the fallback screen, with the spec's heading and the status, then (docs/design.md,
 * Deliberate departures) what happened in plain words, the ways on and a call link.
 */
function ErrorPage({ status, message, detail }: { status: number; message: string; detail?: string }) {
  const site = useSite();
  return (
    <section className="error-screen container">
      <h1>Unexpected Application Error!</h1>
      <p className="error-screen__status">{`${status} ${message}`}</p>
      {/* The route's own words say what went wrong better than the status's generic ones. */}
      <p>{`${detail ?? explanation(status)} Here are some ways on:`}</p>
      <ul className="error-screen__links">
        <li>
          <a className={buttonClass('default')} href="/">
            Home
          </a>
        </li>
        <li>
          <a className={buttonClass('outline')} href="/services">
            Our services
          </a>
        </li>
        <li>
          <a className={buttonClass('outline')} href="/blog">
            Blog
          </a>
        </li>
        <li>
          <a className={buttonClass('outline')} href="/contact">
            Contact us
          </a>
        </li>
      </ul>
      <p>
        Blocked drain right now? Call our emergency line:{' '}
        <a className="error-screen__phone" href={site.phone.emergency.href} ping={tapPing(site.phone.emergency.href)}>
          {site.phone.emergency.display}
        </a>
      </p>
    </section>
  );
}

const errorMeta = (status: number, path: string, { site }: ContentView) => ({
  title: `${status === 404 ? 'Page not found' : 'Something went wrong'} | ${site.name}`,
  description: 'This page could not be shown.',
  path,
  noindex: true,
});

/** The site's error screen through the page renderer: what the app hands errorResponse (withErrorPage). */
export const renderErrorPage: ErrorPageRenderer = (c, status, message, detail) =>
  c.render(<ErrorPage status={status} message={message} detail={detail} />, errorMeta(status, c.req.path, c.var.content));
