/**
 * `__BROWSER__` is true in the browser bundle and false in the Worker's (scripts/build.mjs and
 * wrangler.jsonc `define` set it). esbuild drops a branch behind a false constant, imports and
 * all, so the islands' browser-only parts (the toast region, Radix, react-dom/client) never reach
 * the Worker. Where neither defines it (tests in Node and workerd, which render islands but never
 * run their event handlers) it reads as false.
 */
declare const __BROWSER__: boolean;

/** The forms' toasts: the module in the browser, null on the server. */
export const loadToaster = () =>
  typeof __BROWSER__ !== 'undefined' && __BROWSER__ ? import('./toaster') : Promise.resolve(null);

/** The passkey island's WebAuthn calls: the module in the browser, null in the Worker's bundle. */
export const loadWebAuthn = () =>
  typeof __BROWSER__ !== 'undefined' && __BROWSER__ ? import('@simplewebauthn/browser') : Promise.resolve(null);
