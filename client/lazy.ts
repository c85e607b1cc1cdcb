/**
 * The one script a page with islands loads up front: a few hundred bytes that fetch the client
 * entry (React and the page's islands) once the page has loaded, an island has come near the
 * viewport and the browser is idle, or at once when the visitor starts using an island. Form
 * islands (data-start="interaction", <Island>) wait for that first use alone. So the
 * first paint never shares the network or the main thread with React; until the islands start,
 * their server HTML works on its own (the forms post without JavaScript, the map's picture
 * stands). In the framed map page (/areas-map) "the viewport" is the visitor's screen: the
 * browser fetches a lazy iframe well before it is scrolled to, and maplibre must not take the
 * main thread of the page around it until the map is actually about to be seen.
 */
const islands = document.querySelectorAll('[data-island]');
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};
const whenIdle = () => {
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 1500 });
  else setTimeout(start, 50);
};
const whenNear = () => {
  if (!('IntersectionObserver' in window)) return whenIdle();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      whenIdle();
    },
    { rootMargin: '200px' },
  );
  // The island's wrapper is display: contents (no box to intersect); its first element has one.
  // Forms (data-start="interaction") wait for the visitor's first touch instead.
  for (const island of islands) {
    if ((island as HTMLElement).dataset.start !== 'interaction') observer.observe(island.firstElementChild ?? island);
  }
};

if (document.readyState === 'complete') whenNear();
else addEventListener('load', whenNear, { once: true });
/**
 * A form sent before its island has started (a quick visitor, a slow phone) would post without
 * JavaScript, and a server failure would then be an error page, not the form's toast (issue 47).
 * So its first submit is held: the island is started, and when main.ts says it has hydrated
 * ('started' on the element, data-started set) the form is submitted again for the island to
 * send; if that takes longer than 1.5 s the plain post goes ahead. Registered here, before React's
 * listeners on the element, so React never sees the held submit. No import: a chunk shared
 * with main.ts would cost this page more than the code itself.
 */
const holdEarlySubmit = (island: HTMLElement) => {
  let holding = false;
  island.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || island.dataset.started !== undefined) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (holding) return;
      holding = true;
      const by = (event as SubmitEvent).submitter;
      const go = (started: boolean) => {
        if (!holding) return;
        holding = false;
        if (started) form.requestSubmit(by?.isConnected ? by : null);
        else form.submit();
      };
      // Out of React's effect that fires 'started': a submit dispatched inside it is not React's to handle yet.
      island.addEventListener('started', () => setTimeout(go, 0, true), { once: true });
      setTimeout(go, 1500, false);
      start();
    },
    true,
  );
};

for (const island of islands) {
  for (const type of ['pointerdown', 'focusin', 'keydown']) island.addEventListener(type, start, { once: true, passive: true });
  holdEarlySubmit(island as HTMLElement);
}
