import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** STUB (replaced by the blog work): /blog, /blog/:slug, /blog/rss.xml. */
export const blogRoutes = new Hono<AppEnv>();
