import { type ReactNode, use } from 'react';
import { tamilFontsReady } from '../lib/tamil-font';

const TAMIL = /[\u0B80-\u0BFF]/;

/**
 * `children` once the Tamil font is in, when `text` (names a shop typed in Tamil, on a page of either language)
 * has Tamil: laid out before the font arrives, Tamil can stay as empty boxes. Suspends meanwhile.
 */
export function TamilReady({ text, children }: { text: string; children: ReactNode }) {
  if (TAMIL.test(text)) use(tamilFontsReady());
  return children;
}
