/* global window, document */
// The prerendered sign-in page (dist/sign-in.html) loads this first, before the app: a Sign In pressed
// before the app has started would otherwise be the browser's own GET of "/?", a reload that loses
// what was typed. It holds that submit; the app replays it once the form is hydrated
// (src/prerender/keep-typed.ts). An external file: the Content-Security-Policy allows no inline script.
document.addEventListener(
  'submit',
  function (e) {
    if (window.__nkAppStarted) return;
    // not even to React: a form just hydrated still has its typed values to get back first
    e.preventDefault();
    e.stopImmediatePropagation();
    window.__nkHeldSubmit = e.target;
  },
  true,
);
