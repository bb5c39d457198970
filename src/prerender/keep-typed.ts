/**
 * What a visitor typed into the prerendered sign-in form before the JavaScript ran: hydration resets
 * React's controlled inputs to their state (empty), so the values are read just before it and given
 * back through input events once each input is hydrated (its page may hydrate after the root commits),
 * which the form's own handlers take in. Each value is given back once; then `done` (a held submit).
 * A form rendered afresh (another language than the prerendered one) has new fields: each gets what was
 * typed into its predecessor, and the one being typed in gets the focus back.
 */
function keepTypedValues(container: HTMLElement, done: () => void): () => void {
  const prerendered = new Set(container.querySelectorAll('input'));
  const typed = new Map(
    [...prerendered].filter((input) => input.value !== '' && input.autocomplete).map((input) => [input.autocomplete, input.value] as const),
  );
  // keys typed after this read and before hydration resets the field count too (a fast typist, or a test)
  const record = (e: Event) => {
    const input = e.target as HTMLInputElement;
    if (input instanceof HTMLInputElement && input.autocomplete && !committed()) typed.set(input.autocomplete, input.value);
  };
  container.addEventListener('input', record, true);
  // the prerendered field last focused, unless the visitor left it (a field removed by a render keeps the name)
  let focused =
    document.activeElement instanceof HTMLInputElement && prerendered.has(document.activeElement)
      ? document.activeElement.autocomplete
      : '';
  const focusIn = (e: FocusEvent) => {
    if (prerendered.has(e.target as HTMLInputElement)) focused = (e.target as HTMLInputElement).autocomplete;
  };
  const focusOut = (e: FocusEvent) => queueMicrotask(() => (e.target as Node).isConnected && (focused = ''));
  container.addEventListener('focusin', focusIn);
  container.addEventListener('focusout', focusOut);
  const hydrated = (input: HTMLInputElement) => Object.keys(input).some((k) => k.startsWith('__reactProps'));
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  // the sign-in page says when it has committed (its effect): only then does React take the form's
  // events; before, a submit would be the browser's own GET of "/"
  const committed = () => (window as Window & { __nkSignInReady?: boolean }).__nkSignInReady === true;
  const finish = () => {
    container.removeEventListener('input', record, true);
    container.removeEventListener('focusin', focusIn);
    container.removeEventListener('focusout', focusOut);
    done();
  };
  const restore = (frames: number) => {
    if (!committed()) {
      // However slow the phone, a Sign In stays held until the page takes it (released any earlier, it would be the
      // browser's reload of "/", losing what was typed); the app moving on to another screen ends the wait.
      if (location.pathname === '/') requestAnimationFrame(() => restore(frames));
      else finish();
      return;
    }
    for (const [autocomplete, value] of typed) {
      const input = container.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);
      if (!input) typed.delete(autocomplete);
      if (!input || !hydrated(input)) continue;
      typed.delete(autocomplete);
      // A render after hydration may have emptied the field, so the text is the one read; keys added to it since
      // the page committed are kept. A successor typed into since it appeared keeps what it has.
      const same = prerendered.has(input);
      if (!same && input.value !== '') continue;
      const text = same && input.value.startsWith(value) ? input.value : value;
      // Hydration leaves the typed text in the field while React's state says empty, and its change tracker
      // took the text as the field's value: an input event with the same text would change nothing, and the
      // next render would empty the field. So the tracker is told "empty" (the instance's own setter), the
      // text goes back behind it (the prototype's), and the event then reaches the form's onChange.
      input.value = '';
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // the keys that follow go on into the field that took the focused one's place, after its text
    const successor = focused && container.querySelector<HTMLInputElement>(`input[autocomplete="${focused}"]`);
    if (successor && !prerendered.has(successor) && document.activeElement === document.body) {
      focused = '';
      successor.focus();
      successor.setSelectionRange(successor.value.length, successor.value.length);
    }
    // a field not hydrated yet gets its value in a later frame; the held submit waits for every one
    if (typed.size > 0 && frames > 0) requestAnimationFrame(() => restore(frames - 1));
    else finish();
  };
  return () => restore(300);
}

/**
 * Holds a submit of the prerendered form until hydration (it would otherwise be a native GET of `/`),
 * from the time this module loads. Returns what to call just before hydrating: it reads the typed
 * values and gives back the first commit's callback, which restores them and then replays the submit.
 */
export function prepareHydration(container: HTMLElement): () => () => void {
  // a submit held by public/early-submit.js before this module loaded
  const early = window as Window & { __nkHeldSubmit?: HTMLFormElement; __nkAppStarted?: boolean };
  let held: HTMLFormElement | null = early.__nkHeldSubmit ?? null;
  const hold = (e: Event) => {
    // held from React too until the typed values are back (then replayed once)
    e.preventDefault();
    e.stopImmediatePropagation();
    held = e.target as HTMLFormElement;
  };
  container.addEventListener('submit', hold, true);
  return () =>
    keepTypedValues(container, () => {
      container.removeEventListener('submit', hold, true);
      early.__nkAppStarted = true;
      held = early.__nkHeldSubmit && !held ? early.__nkHeldSubmit : held;
      // rendered afresh (the other language): the held form is gone, its successor takes the submit
      (held?.isConnected ? held : held && container.querySelector('form'))?.requestSubmit();
    });
}
