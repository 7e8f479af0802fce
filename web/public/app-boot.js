/*
 * A signed-in screen the gateway rendered (services/gateway/src/app-screen.ts) paints from its
 * HTML and CSS alone; this loads the app's code once that first paint is on screen, so the code
 * does not compete with it on a slow network. The app then takes the screen over (src/main.tsx).
 */
(() => {
  const app = document.currentScript?.dataset.app;
  if (!app) return;
  let started = false;
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const start = async () => {
    if (started) return;
    started = true;
    // The module scripts index.html would have run (runtime, libraries, the app), in their order,
    // each set going in a task of its own: a phone's main thread is not held for all of it at once.
    // All are asked for at once; each waits only for its own turn to run.
    const sources = app.split(' ');
    for (const src of sources) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = src;
      document.head.append(link);
    }
    for (const src of sources) {
      await import(src);
      await nextTask();
    }
  };
  try {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // A browser without paint timing: the timer below starts it.
  }
  // A page opened in a background tab paints nothing until shown, and one without paint timing
  // says nothing: neither waits longer than this for its code.
  setTimeout(start, 1000);
})();
