/* global window, document */
// The prerendered sign-in page (dist/sign-in.html) loads this first, before the app: a Sign In pressed
// before the app has started would otherwise be the browser's own GET of "/?", a reload that loses
// what was typed. It holds that submit; the app replays it once the form is hydrated
// (src/prerender/keep-typed.ts). An external file: the Content-Security-Policy allows no inline script.
document.addEventListener(
  'submit',
  function (e) {
    // the app has started, or the sign-in page has committed: React takes the submit
    if (window.__nkAppStarted || window.__nkSignInReady) return;
    e.preventDefault();
    window.__nkHeldSubmit = e.target;
  },
  true,
);
