import { type RefObject, useEffect } from 'react';

/** The submit shortcut as a button shows it, and as aria-keyshortcuts names it. */
export const SUBMIT_KEYS = 'Ctrl+Enter';
export const SUBMIT_ARIA_KEYS = 'Control+Enter';

const FIELDS = 'input:not([type="hidden"]), select, textarea, button, a[href], [tabindex]:not([tabindex="-1"])';

/** The next field of the form after `from`, in tab order as laid out (visible and enabled only). */
function nextField(form: HTMLFormElement, from: HTMLElement): HTMLElement | null {
  const all = [...form.querySelectorAll<HTMLElement>(FIELDS)].filter(
    (el) => !(el as HTMLInputElement).disabled && el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
  return all[all.indexOf(from) + 1] ?? null;
}

/**
 * The keys of a form filled at a counter (a sale, goods received). Enter in a field never submits it
 * (a stray Enter in a quantity used to hand a sale over as cash): it moves to the next field. Only the
 * submit button or Ctrl+Enter (the focus in the form, or nowhere in particular; not in a dialog)
 * submits. Search boxes (data-scan-own) and choosers keep their own Enter; a scanner's Enter never
 * gets here (src/lib/use-barcode-scanner stops it).
 */
export function useFormKeys(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const form = formRef.current;
      if (!form || e.key !== 'Enter' || e.isComposing) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (e.ctrlKey || e.metaKey) {
        if (target && target !== document.body && !form.contains(target)) return;
        e.preventDefault();
        form.requestSubmit();
        return;
      }
      if (!(target instanceof HTMLInputElement) || !form.contains(target)) return;
      if (['button', 'submit', 'reset', 'checkbox', 'radio'].includes(target.type)) return;
      const handled = e.defaultPrevented;
      e.preventDefault(); // no implicit submission
      const ownEnter = target.closest('[data-scan-own]') || target.getAttribute('aria-haspopup') === 'listbox';
      if (handled || ownEnter) return;
      nextField(form, target)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [formRef]);
}
