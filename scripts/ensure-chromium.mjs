import { execSync } from 'node:child_process';
import { chromiumPath } from './chromium-path.mjs';

if (!chromiumPath()) {
  const canApt =
    process.getuid?.() === 0 &&
    (() => {
      try {
        execSync('command -v apt-get', { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
  if (!canApt) {
    console.error('No Chromium found. Install Debian\'s "chromium" package (apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
  console.log("No Chromium found: installing Debian's chromium package with apt-get (the browser tests drive it).");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (!chromiumPath()) {
    console.error('apt-get did not provide /usr/bin/chromium');
    process.exit(1);
  }
}
