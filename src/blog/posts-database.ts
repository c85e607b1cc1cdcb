import type { DatabaseEnv } from '../db/client';

/**
 * The posts' queries with the blog's database, imported by the first request that reads posts
 * (the blog, its feed, the sitemap): Drizzle, the schema and the queries are then compiled by
 * that request, not by every cold isolate that renders a page showing no posts.
 */
export async function postsDatabase(env: DatabaseEnv) {
  const [{ databaseFor }, queries] = await Promise.all([import('../db/client'), import('../db/posts')]);
  return { db: await databaseFor(env), ...queries };
}
