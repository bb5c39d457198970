import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code of a text, drawn here as SVG (no network, so it works offline): a UPI link, the shop's own or
 * its payment provider's. Black on white with a quiet border, sharp at any size on screen and paper.
 */
export function QrCode({ text, size, label }: { text: string; size: string; label: string }) {
  const { path, n } = useMemo(() => {
    const { data, size: count } = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x} ${y}h1v1h-1z`)));
    return { path: d, n: count };
  }, [text]);
  return (
    <svg
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      style={{ background: 'white' }}
    >
      <path d={path} fill="black" />
    </svg>
  );
}
