import { Hono } from 'hono';
import type { AppEnv, Bindings } from './env';
import { notFound, onError } from './routes/errors';
import { pageRoutes } from './routes/pages';
import { seoRoutes } from './routes/seo';

// Wiring only: each route group lives in src/routes.
const app = new Hono<AppEnv>();

app.route('/', seoRoutes);
app.route('/', pageRoutes);

app.notFound(notFound);
app.onError(onError);

export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, _env: Bindings, _ctx: ExecutionContext) {
    // Lead retries are wired here by src/leads (see the leads issue).
  },
} satisfies ExportedHandler<Bindings>;

export { app };
