import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
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
export function contentSecurityPolicy(env: Pick<Bindings, 'TURNSTILE_SITE_KEY' | 'MAP_STYLE_URL'>) {
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
    frameSrc: turnstile.length ? turnstile : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    manifestSrc: ["'self'"],
  };
}

/** Security headers on every response the Worker makes (assets get theirs from _headers). */
export const securityHeaders: MiddlewareHandler<AppEnv> = (c, next) =>
  secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(c.env),
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
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
  })(c, next);
