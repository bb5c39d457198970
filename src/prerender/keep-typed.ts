/**
 * What a visitor typed into the prerendered sign-in form before the JavaScript ran: hydration resets
 * React's controlled inputs to their state (empty), so the values are read just before it and given
 * back through input events once each input is hydrated (its page may hydrate after the root commits),
 * which the form's own handlers take in. Each value is given back once.
 */
export function keepTypedValues(container: HTMLElement): () => void {
  const typed = new Map(
    [...container.querySelectorAll('input')]
      .filter((input) => input.value !== '' && input.autocomplete)
      .map((input) => [input.autocomplete, input.value] as const),
  );
  const hydrated = (input: HTMLInputElement) => Object.keys(input).some((k) => k.startsWith('__reactProps'));
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  return function restore(frames = 300) {
    for (const [autocomplete, value] of typed) {
      const input = container.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);
      if (!input || !hydrated(input)) continue;
      typed.delete(autocomplete);
      if (input.value === value) continue;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (typed.size > 0 && frames > 0) requestAnimationFrame(() => restore(frames - 1));
  };
}
