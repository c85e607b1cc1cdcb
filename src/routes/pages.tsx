import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { HomePage, homeMeta } from '../pages/HomePage';
import { renderPage } from '../render/render';

export const pageRoutes = new Hono<AppEnv>();

pageRoutes.get('/', (c) => renderPage(c, <HomePage />, homeMeta()));
