/**
 * The one script a page with islands loads up front: a few hundred bytes that fetch the client
 * entry (React and the page's islands) once the page has loaded and the browser is idle, or at
 * once when the visitor starts using an island. So the first paint never shares the network or
 * the main thread with React; until the islands start, their server HTML works on its own (the
 * forms post without JavaScript, the map's picture stands).
 */
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

if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
for (const island of document.querySelectorAll('[data-island]')) {
  for (const type of ['pointerdown', 'focusin', 'keydown']) island.addEventListener(type, start, { once: true, passive: true });
}
