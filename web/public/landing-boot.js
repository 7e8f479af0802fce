/*
 * The landing page as the gateway renders it (services/gateway/src/landing-page.ts) needs no
 * script; this loads the app when the visitor first points, touches, scrolls or types, and presses
 * again a button pressed before the app took over. It also keeps the `lang` cookie (which the
 * gateway renders by) in step with the app's stored choice (web/src/i18n).
 */
(() => {
  const script = document.currentScript;
  const app = script?.dataset.app;
  if (!app) return;
  const root = document.documentElement;
  const served = root.lang === 'en' ? 'en' : 'ar';

  // The language the app will start in (its stored choice), with the cookie made to agree. Reading
  // storage and cookies waits on the browser's other processes, so this runs at load only when
  // the gateway saw no `lang` cookie (`data-check-language`: a first visit, or a choice made before
  // the cookie existed); otherwise when the app is loaded.
  const settleLanguage = () => {
    let wanted = served;
    try {
      const stored = localStorage.getItem('lang');
      if (stored === null) localStorage.setItem('lang', served);
      else wanted = stored === 'en' ? 'en' : 'ar';
    } catch {
      // Storage refused (a private mode): the served language stands.
    }
    if (!document.cookie.split('; ').includes(`lang=${wanted}`)) {
      const secure = location.protocol === 'https:' ? '; secure' : '';
      // biome-ignore lint/suspicious/noDocumentCookie: one plain value, no Cookie Store API in every browser
      document.cookie = `lang=${wanted}; path=/; max-age=31536000; samesite=lax${secure}`;
    }
    return wanted;
  };

  // What a person does first: a scroll starts with a touch, the wheel or a key, so `scroll` itself
  // (which the browser may also fire while laying out, e.g. a right-to-left page) is not one.
  const triggers = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin'];
  const options = { capture: true, passive: true };
  let started = false;
  const start = (event) => {
    // The browser sends a still pointer a move of its own after the layout changes (to update
    // hover): only one that moved counts.
    if (event?.type === 'pointermove' && !event.movementX && !event.movementY) return;
    if (started) return;
    started = true;
    for (const type of triggers) removeEventListener(type, start, options);
    settleLanguage();
    // The module scripts index.html would have run (runtime, libraries, the app), all at once.
    for (const src of app.split(' ')) import(src);
  };

  let pressed = null;
  addEventListener(
    'click',
    (event) => {
      // Once React has started hydrating it handles a click itself (it hydrates the pressed part
      // first and replays the event), so only clicks from before are kept.
      if (root.dataset.app) return;
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button) return;
      pressed = button;
      start();
    },
    true,
  );
  addEventListener(
    'nashr:app-ready',
    () => {
      // Hydration keeps the server's elements: the same button now has its handler.
      if (pressed?.isConnected) pressed.click();
      pressed = null;
    },
    { once: true },
  );

  // A choice kept in the browser only, other than the page's: the app renders in it at once.
  if (script.hasAttribute('data-check-language') && settleLanguage() !== served) start();
  else for (const type of triggers) addEventListener(type, start, options);
})();
