/* global window, document, requestAnimationFrame */
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

// The app's scripts are listed on this tag rather than in the page (scripts/prerender-plugin.ts), so that on a
// slow link they start loading once the prerendered form has painted instead of sharing the link with it. A
// hidden tab paints no frame: the timer starts them then.
(function () {
  var me = document.currentScript;
  if (!me || !me.dataset.entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (me.dataset.preload || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.dataset.entry;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
