/**
 * A public form sent before its island has started (the visitor was quick, the phone slow) would
 * post without JavaScript, and a server failure would then show an error page instead of the
 * form's toast. So the first such submit is held: the island is started and given a short while
 * (`EARLY_SUBMIT_WAIT_MS`); once it has started it takes the submit, and if it has not the plain
 * post goes ahead, as without JavaScript. Browser-only glue beside the pure wait (`startedWithin`).
 */

/** How long a submit waits for its island before posting without it. */
export const EARLY_SUBMIT_WAIT_MS = 1500;

/** What main.ts fires on an island's element once React has hydrated it (and sets `data-started`). */
export const ISLAND_STARTED_EVENT = 'island-started';

/** True when `started` settles within `ms`, false when the time runs out first. */
export function startedWithin(started: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    started.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

const hasStarted = (island: HTMLElement) => island.dataset.started !== undefined;

const whenStarted = (island: HTMLElement) =>
  new Promise<void>((resolve) => {
    if (hasStarted(island)) resolve();
    else island.addEventListener(ISLAND_STARTED_EVENT, () => resolve(), { once: true });
  });

/**
 * Holds the first submit of a form inside `island` while the island has not started: `start`
 * fetches it; then the island gets the submit again (`requestSubmit`), or the plain post goes
 * ahead. Registered before React's own listeners on the element, so React never sees the held one.
 */
export function holdEarlySubmits(island: HTMLElement, start: () => void, ms = EARLY_SUBMIT_WAIT_MS) {
  let holding = false;
  island.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || hasStarted(island)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (holding) return;
      holding = true;
      const submitter = (event as SubmitEvent).submitter;
      start();
      void startedWithin(whenStarted(island), ms).then((started) => {
        holding = false;
        if (started) form.requestSubmit(submitter instanceof HTMLElement && submitter.isConnected ? submitter : null);
        else form.submit();
      });
    },
    { capture: true },
  );
}
