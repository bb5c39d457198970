import fs from 'node:fs';

/** Debian's Chromium (never a downloaded browser): CHROMIUM_PATH, else /usr/bin/chromium. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}
