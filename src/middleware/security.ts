import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { AREAS_MAP_PATH } from '../components/AreasMapBlock';
import type { AppEnv, Bindings } from '../env';
import { manifest } from '../generated/manifest';

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
export function contentSecurityPolicy(env: Pick<Bindings, 'TURNSTILE_SITE_KEY' | 'MAP_STYLE_URL'>, framedBySite = false) {
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

const perEnv = new WeakMap<Bindings, { page: MiddlewareHandler<AppEnv>; framed: MiddlewareHandler<AppEnv> }>();

/**
 * Security headers on every response the Worker makes (assets get theirs from _headers). Only
 * the live map's document may be framed, and only by our own pages.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = (c, next) => {
  let variants = perEnv.get(c.env);
  if (!variants) {
    variants = { page: headersFor(c.env, false), framed: headersFor(c.env, true) };
    perEnv.set(c.env, variants);
  }
  return (c.req.path === AREAS_MAP_PATH ? variants.framed : variants.page)(c, next);
};

/** Built once per set of bindings: the policy depends only on configuration. */
const headersFor = (env: Bindings, framedBySite: boolean): MiddlewareHandler<AppEnv> =>
  secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(env, framedBySite),
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: framedBySite ? 'SAMEORIGIN' : 'DENY',
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
