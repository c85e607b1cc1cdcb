import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const wrangler = path.join(root, 'node_modules/.bin/wrangler');

export interface DevServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts `wrangler dev` (real workerd, real local D1) on 127.0.0.1 with its own freshly
 * migrated database under .wrangler/<name>, so it never touches the developer's data.
 * Used by the browser tests and the benchmarks.
 */
export async function startDevServer(options: {
  name: string;
  port: number;
  vars?: Record<string, string>;
  extraArgs?: string[];
  /** false: wrangler's dev server without the DevTools inspector (the benchmark's server). */
  inspector?: boolean;
}): Promise<DevServer> {
  if (!existsSync(path.join(root, 'dist/client/_headers'))) {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  }
  const persist = path.join(root, '.wrangler', options.name);
  rmSync(persist, { recursive: true, force: true });
  mkdirSync(persist, { recursive: true });
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' };
  execFileSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    cwd: root,
    env,
    stdio: 'pipe',
  });
  const envFile = path.join(persist, 'dev.vars');
  writeFileSync(
    envFile,
    Object.entries(options.vars ?? {})
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join('\n'),
  );
  const withoutInspector = [path.join(root, 'scripts/bench/serve-without-inspector.mjs'), String(options.port), persist];
  const child: ChildProcess = spawn(
    options.inspector === false ? process.execPath : wrangler,
    options.inspector === false
      ? withoutInspector
      : [
          'dev',
          '--ip',
          '127.0.0.1',
          '--port',
          String(options.port),
          '--persist-to',
          persist,
          '--env-file',
          envFile,
          '--show-interactive-dev-session=false',
          '--log-level',
          'warn',
          // React's production builds, as deployed: the Worker's server renderer is always the
          // production build (src/render/react-dom-server.ts), and wrangler dev's default
          // development JSX runtime cannot run with it (every page answered 500).
          '--define',
          'process.env.NODE_ENV:"production"',
          ...(options.extraArgs ?? []),
        ],
    {
      cwd: root,
      env: { ...env, DEV_SERVER_VARS: JSON.stringify(options.vars ?? {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  // Keep the tail of the output for error messages; a long benchmark logs a lot.
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/robots.txt`);
      if (res.status < 500) break;
    } catch {}
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`wrangler dev did not answer within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    },
  };
}
