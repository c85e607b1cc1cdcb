import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeProblem } from '../../scripts/check-node.mjs';

const script = path.resolve(import.meta.dirname, '../../scripts/check-node.mjs');

describe('the Node check the npm scripts run first', () => {
  it('lets Node 22 and newer through', () => {
    for (const version of ['v22.0.0', 'v22.23.3', 'v24.1.0']) {
      expect(nodeProblem({ version, platform: 'darwin', arch: 'arm64', pinnedInstalled: false })).toBeNull();
    }
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('tells a Mac with Node 20 to install Node 22, since no pinned binary exists for it', () => {
    const problem = nodeProblem({ version: 'v20.20.2', platform: 'darwin', arch: 'arm64', pinnedInstalled: false });
    expect(problem).toContain('needs Node 22 or newer');
    expect(problem).toContain('v20.20.2');
    expect(problem).toContain('No pinned Node binary is installed for darwin arm64');
    expect(problem).toContain('nvm install 22');
  });

  it('tells Linux x64 to install again when the pinned binary is missing, or to go through npm when it is there', () => {
    expect(nodeProblem({ version: 'v20.20.2', platform: 'linux', arch: 'x64', pinnedInstalled: false })).toContain(
      'run `npm install` again, without --omit=optional',
    );
    expect(nodeProblem({ version: 'v18.0.0', platform: 'linux', arch: 'x64', pinnedInstalled: true })).toContain(
      'run the command through npm',
    );
  });
});
