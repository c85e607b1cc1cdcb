import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Reads the browser tests' own local D1 (the one `wrangler dev` in global-setup.ts writes to,
 * under .wrangler/e2e-<port>), so a test can check what was stored, not only what a page shows.
 */
const root = path.resolve(import.meta.dirname, '../..');
const persist = path.join(root, '.wrangler', `e2e-${Number(process.env.E2E_PORT ?? 8791)}`);

export function queryLocalD1<T>(sql: string): T[] {
  const out = execFileSync(
    path.join(root, 'node_modules/.bin/wrangler'),
    ['d1', 'execute', 'DB', '--local', '--persist-to', persist, '--command', sql, '--json'],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' }, stdio: 'pipe' },
  ).toString();
  const [result] = JSON.parse(out) as { results: T[] }[];
  return result?.results ?? [];
}

export const mediaRowCount = () => queryLocalD1<{ n: number }>('SELECT count(*) AS n FROM media')[0]?.n ?? 0;
