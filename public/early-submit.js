/* global window, document, requestAnimationFrame, location */
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

// Before the app has started, the header's language switch and the password's eye work too. The switch
// saves the other language as the app does (localStorage and the `lang` cookie, src/lib/i18n.ts) and asks
// the server for the sign-in screen prerendered in it, keeping a typed phone number (never the password);
// the eye shows or hides the password, and the app's field starts as it was left (src/components/password-field.tsx).
document.addEventListener(
  'click',
  function (e) {
    if (window.__nkAppStarted) return;
    var button = e.target && e.target.closest ? e.target.closest('button') : null;
    if (!button) return;
    if (button.getAttribute('data-testid') === 'language-switch') {
      var next = button.getAttribute('lang') === 'ta' ? 'ta' : 'en';
      var phone = document.querySelector('input[autocomplete="tel-national"]');
      try {
        localStorage.setItem('lang', next);
        if (phone && phone.value) sessionStorage.setItem('nk-typed-phone', phone.value);
      } catch (err) {
        /* storage unavailable: the cookie still carries the choice */
      }
      document.cookie = 'lang=' + next + '; Path=/; Max-Age=31536000; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
      location.reload();
    } else if (button.classList.contains('mantine-PasswordInput-visibilityToggle')) {
      var field = button.closest('.mantine-PasswordInput-wrapper');
      var input = field && field.querySelector('input');
      if (!input) return;
      var shown = input.type === 'password';
      input.type = shown ? 'text' : 'password';
      button.setAttribute('aria-pressed', String(shown));
      window.__nkPasswordShown = shown;
    }
  },
  true,
);

// the phone number typed before a change of language, back in its field
(function () {
  try {
    var kept = sessionStorage.getItem('nk-typed-phone');
    var phone = document.querySelector('input[autocomplete="tel-national"]');
    if (kept && phone && !phone.value) phone.value = kept;
    sessionStorage.removeItem('nk-typed-phone');
  } catch (err) {
    /* storage unavailable */
  }
})();

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
