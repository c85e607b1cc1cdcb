import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** STUB (replaced by the leads work): POST /api/contact, POST /api/quote. */
export const apiRoutes = new Hono<AppEnv>();
