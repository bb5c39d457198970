import { useEffect, useRef } from 'react';

/**
 * A USB or Bluetooth scanner types a code in a burst: keys a few ms apart (a busy machine may hold one
 * back now and then), then Enter. A burst ends at a pause of BURST_GAP_MS; it is a scan when its keys
 * came SCAN_AVG_MS apart on average, far faster than anyone types. Keys closer than MACHINE_GAP_MS are
 * kept out of the focused field at once; the field gets its value back when the scan ends.
 */
const BURST_GAP_MS = 150;
const SCAN_AVG_MS = 50;
const MACHINE_GAP_MS = 30;
const MIN_CODE = 4;

const isField = (el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;

/** Puts a field back as it was before the burst (React sees the change through the native setter). */
function restore(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A barcode scanner anywhere on the page: characters typed in a fast burst and ended by Enter are a
 * code, whatever has the focus. A scan while the cursor is in a quantity leaves the quantity as it was.
 * Fields marked data-scan-own (the search box) handle their own Enter.
 */
export function useBarcodeScanner(onCode: (code: string) => void) {
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  useEffect(() => {
    let buf = '';
    let last = 0;
    let start = 0;
    let target: EventTarget | null = null;
    let before = '';
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return;
      const own = e.target instanceof HTMLElement && e.target.closest('[data-scan-own]');
      const now = performance.now();
      const gap = now - last;
      const inBurst = gap <= BURST_GAP_MS;
      if (e.key === 'Enter') {
        const code = buf;
        buf = '';
        const fast = (now - start) / code.length <= SCAN_AVG_MS;
        if (inBurst && fast && code.length >= MIN_CODE && !own) {
          e.preventDefault();
          e.stopPropagation();
          if (isField(target)) restore(target, before);
          onCodeRef.current(code);
        }
        return;
      }
      if (e.key.length !== 1) {
        buf = '';
        return;
      }
      if (inBurst && buf) {
        buf += e.key;
        if (gap <= MACHINE_GAP_MS && !own && isField(e.target)) e.preventDefault();
      } else {
        buf = e.key;
        start = now;
        target = e.target;
        before = isField(e.target) ? e.target.value : '';
      }
      last = now;
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
