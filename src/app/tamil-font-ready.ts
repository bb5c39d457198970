import { getLanguage } from '../lib/i18n';
import { loadTamilFonts } from '../lib/tamil-font';

/**
 * Chromium does not always redraw text it laid out while the Tamil web font was still loading: on a
 * device without a Tamil font such text stayed as boxes after the font arrived. So a Tamil interface
 * waits for the font before its first render (bounded by the caller's time-out; a device with the
 * font installed gets it at once through `local()`), and every later font load re-shapes the page's
 * text (a change of a font property on the root), e.g. for Tamil product names on an English page.
 */
export function tamilFontReady(): Promise<void> {
  document.fonts?.addEventListener?.('loadingdone', reshapeText);
  if (getLanguage() !== 'ta') return Promise.resolve();
  return loadTamilFonts();
}

function reshapeText() {
  const style = document.documentElement.style;
  style.fontKerning = style.fontKerning === 'normal' ? '' : 'normal';
}
