import { createElement } from 'react';
import { type ToastMessage, toast } from '../toast';

let mounting: Promise<void> | null = null;

/**
 * Mounts the page's toast region (the Toaster island, Radix) the first time a visitor
 * starts on a form, rather than at load: toasts only ever follow a send, and this keeps the
 * JavaScript a form page needs before any interaction to React and the form itself. Toasts
 * raised before it is ready wait in the store and show as soon as it subscribes.
 *
 * Browser-only: the forms reach this module through `browserOnly()`,
 * so the Worker's bundle leaves it, Radix and react-dom/client out.
 */
export function ensureToaster(): Promise<void> {
  mounting ??= Promise.all([import('../islands/Toaster'), import('react-dom/client')])
    .then(([{ default: Toaster }, client]) => {
      // react-dom/client is CommonJS: a dynamic import may carry it as the default export.
      const { createRoot } = 'createRoot' in client ? client : (client as { default: typeof client }).default;
      const host = document.createElement('div');
      host.className = 'toaster-host';
      document.body.appendChild(host);
      createRoot(host).render(createElement(Toaster));
    })
    .catch((error: unknown) => {
      mounting = null;
      console.error('The toast region could not be loaded', error);
    });
  return mounting;
}

/** Shows a toast, bringing in the region if it is not there yet. */
export function showToast(message: Omit<ToastMessage, 'id'>): void {
  void ensureToaster();
  toast(message);
}
