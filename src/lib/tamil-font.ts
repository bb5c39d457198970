import { tracked } from './tracked-promise';

/**
 * Loads Noto Sans Tamil in both weights the interface uses (regular and bold: src/app/tamil-font.css),
 * within `ms`. Text laid out before its font arrives can stay as empty boxes on a device without a
 * Tamil font, so Tamil is shown only once both are in (a device with the font installed has them at once).
 */
export function loadTamilFonts(ms = 3000): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const both = Promise.all([
    document.fonts.load('400 16px "Noto Sans Tamil"', 'த'),
    document.fonts.load('700 16px "Noto Sans Tamil"', 'த'),
  ]);
  return Promise.race([both.then(() => undefined), new Promise<void>((r) => setTimeout(r, ms))]).catch(() => undefined);
}

let ready: Promise<void> | undefined;
/**
 * loadTamilFonts once, as a promise React's use() reads at once when it has settled: Tamil shown on a
 * page of another language (a Tamil bill in the English interface) waits for it.
 */
export const tamilFontsReady = (): Promise<void> => (ready ??= tracked(loadTamilFonts()));
