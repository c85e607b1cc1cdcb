import type { Context, Hono } from 'hono';
import type { Lead } from '../db/schema';
import type { AppEnv } from '../env';
import { errorResponse } from '../http/errors';

/**
 * The customer's job report under their request link, once the job is finished: the page of its
 * own to read and print (GET /r/<token>/report, issue 57) and its pictures (issue 50), a photo the
 * owner chose for the report or the signature. Mounted by the request routes, so the same token
 * check, rate limit and private headers (never stored by a cache, never indexed) apply; a report
 * not yet finished, or anything else, is a 404.
 */

type WithLead = (c: Context<AppEnv>, act: (lead: Lead, path: string) => Promise<Response> | Response) => Promise<Response>;

const ITEM = '{[0-9a-f-]{36}}';

export function registerReportRoutes(routes: Hono<AppEnv>, token: string, withLead: WithLead) {
  routes.get(`/r/:token${token}/report`, (c) =>
    withLead(c, async (lead, path) => {
      const [{ d1Database }, { jobReportOf }, { JobReportPage }] = await Promise.all([
        import('../db/client'),
        import('../jobs/job-report'),
        import('../pages/JobReportPage'),
      ]);
      const report = await jobReportOf(d1Database(c.env), lead);
      if (!report) return errorResponse(c, 404);
      return c.render(<JobReportPage lead={lead} report={report} path={path} />, {
        title: 'Your job report',
        description: 'Your job report.',
        path: `${path}/report`,
        noindex: true,
      });
    }),
  );
  for (const which of ['photo', 'signature'] as const) {
    routes.get(`/r/:token${token}/report/${which}/:item${ITEM}`, (c) =>
      withLead(c, async (lead) => {
        const [{ d1Database }, { reportFileOf }] = await Promise.all([import('../db/client'), import('../jobs/job-report')]);
        const file = await reportFileOf(d1Database(c.env), lead.id, which, c.req.param('item') ?? '');
        const object = file && (await c.env.MEDIA.get(file.key));
        if (!file || !object) return errorResponse(c, 404);
        return new Response(object.body, {
          headers: {
            'Content-Type': file.type,
            'Content-Length': String(object.size),
            'Content-Disposition': 'inline',
            'X-Content-Type-Options': 'nosniff',
          },
        });
      }),
    );
  }
}
