import { useLayoutEffect, useRef, useState } from 'react';

type Draw = typeof import('./draw-barcode').drawBarcode;
let loading: Promise<Draw> | null = null;
/** The barcode library, loaded once and only by this page (it is not in the app's entry). */
export const loadBarcodeLibrary = (): Promise<Draw> => (loading ??= import('./draw-barcode').then((m) => m.drawBarcode));

/**
 * A barcode drawn as SVG: EAN-13 when the code is a valid EAN-13 (packets and in-store codes), else
 * Code 128 (any shop code). The SVG keeps its proportions and fills the width its box gives it.
 */
export function BarcodeSvg({ code, fontSize = 14 }: { code: string; fontSize?: number }) {
  const ref = useRef<SVGSVGElement>(null);
  const [lib, setLib] = useState<Draw | null>(null);
  useLayoutEffect(() => {
    let live = true;
    void loadBarcodeLibrary().then((l) => live && setLib(() => l));
    return () => {
      live = false;
    };
  }, []);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg || !lib) return;
    // an EAN-13's first digit sits left of its bars: room for it
    const ean = /^\d{13}$/.test(code);
    svg.dataset.format = lib(svg, code, { width: 2, height: 60, margin: ean ? 10 : 6, fontSize, textMargin: 1, background: '#ffffff' });
    // scale with the label: a viewBox in place of the fixed pixel size
    const w = svg.getAttribute('width');
    const h = svg.getAttribute('height');
    if (w && h) svg.setAttribute('viewBox', `0 0 ${parseFloat(w)} ${parseFloat(h)}`);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.dataset.drawn = code;
  }, [lib, code, fontSize]);
  return <svg ref={ref} role="img" aria-label={code} data-testid="label-barcode" data-code={code} />;
}
