import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env';
import { errorText, log } from '../log';
import { ErrorPage, errorMeta } from '../pages/ErrorPage';
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

export function errorResponse(c: Context<AppEnv>, status: number, message?: string): Response | Promise<Response> {
  const text = message ?? STATUS_TEXT[status] ?? 'Error';
  if (isApi(c.req.path)) {
    return c.json({ error: text }, status as 400, { 'Cache-Control': NO_STORE });
  }
  c.status(status as 400);
  c.header('Cache-Control', NO_STORE);
  return c.render(
    <ErrorPage status={status} message={STATUS_TEXT[status] ?? text} />,
    errorMeta(status, c.req.path, c.var.content),
  );
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
