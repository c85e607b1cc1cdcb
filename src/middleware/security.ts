import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Bindings } from '../env';
import { manifest } from '../generated/manifest';
import { AREAS_MAP_PATH } from '../http/paths';
import { MEDIA_PATH } from '../media/keys';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The Content-Security-Policy: our own origin only, no inline or eval'd script anywhere (JSON-LD
 * and island props are data, not scripts). Turnstile and a map tile host are added only when
 * they are configured.
 */
function contentSecurityPolicy(env: Pick<Bindings, 'TURNSTILE_SITE_KEY' | 'MAP_STYLE_URL'>, framedBySite = false) {
  const turnstile = env.TURNSTILE_SITE_KEY ? [TURNSTILE_ORIGIN] : [];
  const mapOrigin = originOf(env.MAP_STYLE_URL);
  const map = mapOrigin ? [mapOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...turnstile],
    // Our stylesheet, inline in every page, by its hash; maplibre's from our origin.
    styleSrc: ["'self'", manifest.cssHash],
    imgSrc: ["'self'", 'data:', 'blob:', ...map],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...map, ...turnstile],
    workerSrc: ["'self'"],
    // Our own documents only (the live map), and Turnstile's when it is on.
    frameSrc: ["'self'", ...turnstile],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: [framedBySite ? "'self'" : "'none'"],
    formAction: ["'self'"],
    manifestSrc: ["'self'"],
  };
}

type Variant = 'page' | 'framed' | 'admin' | 'media';

/**
 * An uploaded picture opened on its own is a document: it may load nothing and run nothing
 * (the same policy public/images gets from _headers, plus a sandbox).
 */
const MEDIA_POLICY = { defaultSrc: ["'none'"], imgSrc: ["'self'"], styleSrc: ["'unsafe-inline'"], sandbox: [] };
const perEnv = new WeakMap<Bindings, Record<Variant, MiddlewareHandler<AppEnv>>>();

/**
 * Security headers on every response the Worker makes (assets get theirs from _headers). Only
 * the live map's document may be framed, and only by our own pages.
 *
 * Cross-Origin-Opener-Policy is sent on the admin only, where the owner is signed in. On the
 * public pages it costs more than it protects: a COOP document opens in its own browsing
 * context group (and, on Android, its own process), which tripled Lighthouse's Total Blocking
 * Time on pages that run no script at all (Home 42-161 ms with it, 10-37 ms without), while
 * they hold nothing an opener could read.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = (c, next) => {
  let variants = perEnv.get(c.env);
  if (!variants) {
    variants = {
      page: headersFor(c.env, 'page'),
      framed: headersFor(c.env, 'framed'),
      admin: headersFor(c.env, 'admin'),
      media: headersFor(c.env, 'media'),
    };
    perEnv.set(c.env, variants);
  }
  const path = c.req.path;
  const variant: Variant =
    path === AREAS_MAP_PATH
      ? 'framed'
      : path === '/admin' || path.startsWith('/admin/')
        ? 'admin'
        : path.startsWith(MEDIA_PATH)
          ? 'media'
          : 'page';
  return variants[variant](c, next);
};

/**
 * Built once per set of bindings: the policy depends only on configuration. A header the route
 * set itself wins (`overwrite: false`): these are the defaults, and a route that asks for more
 * (the request link's `Referrer-Policy: no-referrer`, which keeps its token out of any Referer)
 * must not be undone by middleware that runs after it.
 */
const headersFor = (env: Bindings, variant: Variant): MiddlewareHandler<AppEnv> =>
  secureHeaders({
    overwrite: false,
    contentSecurityPolicy: variant === 'media' ? MEDIA_POLICY : contentSecurityPolicy(env, variant === 'framed'),
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: variant === 'admin' ? 'same-origin' : false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: variant === 'framed' ? 'SAMEORIGIN' : 'DENY',
    xXssProtection: '0',
    removePoweredBy: true,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      bluetooth: [],
      serial: [],
      hid: [],
      magnetometer: [],
      gyroscope: [],
      accelerometer: [],
      displayCapture: [],
      browsingTopics: [],
    },
  });
