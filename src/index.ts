import { Hono } from 'hono';
import type { AppEnv, Bindings } from './env';
import { retryUnsentLeads } from './leads/scheduled';
import { apiRoutes } from './routes/api';
import { blogRoutes } from './routes/blog';
import { notFound, onError } from './routes/errors';
import { pageRoutes } from './routes/pages';
import { seoRoutes } from './routes/seo';

// Wiring only: each route group lives in src/routes.
const app = new Hono<AppEnv>();

app.route('/', seoRoutes);
app.route('/', pageRoutes);
app.route('/', blogRoutes);
app.route('/', apiRoutes);

app.notFound(notFound);
app.onError(onError);

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(retryUnsentLeads(env));
  },
} satisfies ExportedHandler<Bindings>;

export { app };
