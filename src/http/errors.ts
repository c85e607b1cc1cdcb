import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, ErrorPageRenderer } from '../env';
import { errorText, log } from '../log';
import { NO_STORE } from './cache-control';

const isApi = (path: string) => path.startsWith('/api/');

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * Hands the app's error page to errorResponse: the app (and the admin's) installs it first, so
 * this low module never reaches up for a page. Without one (an error before it ran) the answer
 * is the status in plain text.
 */
export const withErrorPage =
  (render: ErrorPageRenderer): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set('errorPage', render);
    await next();
  };

/**
 * The error answer: JSON under /api/, else the error page with the status and its standard words
 * and, under them, the route's own message when it gave one (what went wrong, for the person
 * reading: "That device is already signed out."). Messages are the code's own words, never what
 * a visitor sent.
 */
export function errorResponse(c: Context<AppEnv>, status: number, message?: string): Response | Promise<Response> {
  const text = message ?? STATUS_TEXT[status] ?? 'Error';
  if (isApi(c.req.path)) {
    return c.json({ error: text }, status as 400, { 'Cache-Control': NO_STORE });
  }
  c.status(status as 400);
  c.header('Cache-Control', NO_STORE);
  const words = STATUS_TEXT[status] ?? text;
  const detail = message && message !== words ? message : undefined;
  const render = c.var.errorPage as ErrorPageRenderer | undefined;
  if (render) return render(c, status, words, detail);
  return c.text(detail ? `${status} ${words}\n${detail}` : `${status} ${words}`);
}

export const notFound: NotFoundHandler<AppEnv> = (c) => errorResponse(c, 404);

/**
 * Client errors raised as HTTPException keep their status and message; anything else is a bug:
 * logged by name and message only (no request body, no visitor data) and shown as a plain 500.
 */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HTTPException && error.status < 500) {
    return errorResponse(c, error.status, error.message || undefined);
  }
  log.error('unhandled error', { method: c.req.method, path: c.req.path, error: errorText(error) });
  return errorResponse(c, 500);
};
