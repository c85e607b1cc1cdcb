// Browser tests need Debian's Chromium (or, on a Mac, Chrome or Chromium named by CHROMIUM_PATH).
// Install it when we can (root with apt-get); otherwise stop with a message saying how. Never
// skip the browser tests silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.platform === 'darwin') {
    console.error(
      `Chromium is not installed at ${CHROMIUM}. On a Mac, point CHROMIUM_PATH at Chrome or Chromium, e.g.\n` +
        "  CHROMIUM_PATH='/Applications/Google Chrome.app/Contents/MacOS/Google Chrome' npm test\n" +
        '(`brew install --cask chromium` installs Chromium). The browser tests cannot run without it.',
    );
    process.exit(1);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is not installed at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
        'or set CHROMIUM_PATH to a Chromium binary. The browser tests cannot run without it.',
    );
    process.exit(1);
  }
  console.log('Installing Debian Chromium for the browser tests (apt-get install -y chromium)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (!existsSync(CHROMIUM)) {
    console.error('apt-get finished but Chromium is still missing at', CHROMIUM);
    process.exit(1);
  }
}
