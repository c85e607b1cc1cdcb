// Renders the markup that never changes between requests (icons, the areas picture) at build
// time, from the same components and data the tests check, into src/generated/server-markup.ts.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function writeServerMarkup(root) {
  // Inside the project, so the bundle's bare imports (react, lucide-react) resolve to node_modules.
  const outfile = path.join(root, 'node_modules/.cache/server-markup/entry.mjs');
  await build({
    absWorkingDir: root,
    entryPoints: ['scripts/build/server-markup-entry.tsx'],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'warning',
  });
  const { serverMarkup } = await import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
  const { icons, areasPicture, regionBounds } = serverMarkup();
  await rm(path.dirname(outfile), { recursive: true, force: true });
  await mkdir(path.join(root, 'src/generated'), { recursive: true });
  await writeFile(
    path.join(root, 'src/generated/server-markup.ts'),
    [
      '// Written by scripts/build.mjs (scripts/build/server-markup-entry.tsx). Do not edit.',
      "import type { IconName } from '../content/types';",
      '',
      '/** The inside of each lucide icon (24 x 24, stroked): src/components/Icon.tsx wraps it. */',
      `export const lucideMarkup: Record<Exclude<IconName, 'instagram' | 'x'>, string> = ${JSON.stringify(icons, null, 2)};`,
      '',
      '/** The static areas picture: its viewBox and everything inside the <svg>. */',
      `export const areasPictureMarkup = ${JSON.stringify(areasPicture)} as const;`,
      '',
      '/** [west, south, east, north] of the shipped basemap data. */',
      `export const regionBounds: [number, number, number, number] = ${JSON.stringify(regionBounds)};`,
      '',
    ].join('\n'),
  );
}
