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
