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
for (const island of islands) {
  for (const type of ['pointerdown', 'focusin', 'keydown']) island.addEventListener(type, start, { once: true, passive: true });
}
