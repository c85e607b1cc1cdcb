/**
 * The only script on pages whose islands wait to be seen (the map): a few hundred bytes that
 * watch for those islands and load the client entry, with React, only when one comes within
 * 300px of the viewport. Until then the page has run no framework code at all.
 */
const waiting = document.querySelectorAll('[data-island][data-hydrate="visible"]');
const start = () => import('./main');

if (waiting.length > 0) {
  if (!('IntersectionObserver' in window)) {
    start();
  } else {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: '300px' },
    );
    for (const element of waiting) observer.observe(element);
  }
}
