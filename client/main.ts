import { createElement, type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type IslandLoaders, publicIslandLoaders } from './islands/registry';

/**
 * Started by client/lazy.ts on a public page, at once by the admin document (AdminScripts).
 * Hydrates the islands on this page, and only those: each [data-island] element names its
 * component and carries its props as JSON; the component's code is fetched on demand.
 */
async function hydrateIsland(element: HTMLElement, islandLoaders: IslandLoaders): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = islandLoaders[name];
  if (!load) {
    console.warn(`Unknown island "${name}"`);
    return;
  }
  const props: object = JSON.parse(element.dataset.props ?? '{}');
  const { default: Component } = await load();
  // A task of its own: evaluating the island's code and hydrating it in one task held the main
  // thread for up to twice as long (the post editor on a throttled phone: over 200 ms).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const island = createElement(Component, { ...props, typedBeforeStart: typedBeforeStart(element) });
  hydrateRoot(element, createElement(Started, { element }, island));
}

/**
 * Marks the island's element started once React has hydrated it (effects run after the commit):
 * data-started, and a 'started' event for a submit that client/lazy.ts held until then. Adds
 * nothing to the DOM.
 */
function Started({ element, children }: { element: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    element.dataset.started = '';
    element.dispatchEvent(new Event('started'));
  }, [element]);
  return children;
}

/**
 * What the visitor typed into the island's fields while its script was on its way: hydrating
 * sets controlled fields back to the server's values, so the island puts these back after.
 */
function typedBeforeStart(element: HTMLElement): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const control of element.querySelectorAll('input[name], textarea[name], select[name]')) {
    if (
      !(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement)
    ) {
      continue;
    }
    const changed =
      control instanceof HTMLSelectElement
        ? [...control.options].some((option) => option.selected !== option.defaultSelected)
        : control.value !== control.defaultValue;
    if (changed) typed[control.name] = control.value;
  }
  return typed;
}

/**
 * The public islands' loaders, and the admin's when the page carries an island the public list
 * does not name: only an admin page does, so a visitor's browser never fetches the admin's list.
 */
async function loadersFor(elements: readonly HTMLElement[]): Promise<IslandLoaders> {
  if (elements.every((element) => (element.dataset.island ?? '') in publicIslandLoaders)) return publicIslandLoaders;
  const { adminIslandLoaders } = await import('./admin/islands/admin-registry');
  return { ...publicIslandLoaders, ...adminIslandLoaders };
}

const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
loadersFor(elements)
  .then((loaders) =>
    Promise.all(
      elements.map((element) =>
        hydrateIsland(element, loaders).catch((error: unknown) => console.error('island failed to start', error)),
      ),
    ),
  )
  .catch((error: unknown) => console.error('islands failed to start', error));
