import type { Env, Hono, MiddlewareHandler } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { errorResponse } from './errors';

/** 405 with an Allow header for a path that exists under other methods (the app's own routes decide). */
export const refuseOtherMethods = <E extends Env>(app: Hono<E>): MiddlewareHandler<E> =>
  methodNotAllowed({
    app,
    onMethodNotAllowed: async (c, methods) => {
      // biome-ignore lint/suspicious/noExplicitAny: the error responses take any app's context
      const res = await errorResponse(c as any, 405);
      res.headers.set('Allow', methods.join(', '));
      return res;
    },
  });
