// The project's rules the scale bench's generator uses (loadProjectRules bundles this file with
// esbuild and imports it). A file rather than a string, so the typecheck and knip see these imports.
export { checkServiceArea } from '../../src/leads/area-check';
export { matchKeysOf } from '../../src/leads/match-keys';
