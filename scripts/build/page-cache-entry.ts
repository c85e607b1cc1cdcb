// What the build takes from the Worker's own code to write the pages built with the deploy:
// writeBuiltPages bundles this file with esbuild and imports it. A file rather than a string, so
// the typecheck and knip see these imports.
export { builtKeysOf, builtPageFile, builtPagePath } from '../../src/cache/built-pages';
export { storedPageOf } from '../../src/cache/shared-pages';
export { publicCaching } from '../../src/routes/caching';
export { nextUkYearStart } from '../../src/rules/uk-time';
export { DEFAULT_CONTENT_PATH, LINE_WORDING_PATH } from '../../src/site-content/default-asset';
export { defaultContent, defaultLineWording } from '../../src/site-content/defaults';
