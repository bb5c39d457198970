import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, signInTamil } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A full page load renders once: no error thrown during rendering that React recovers from by
 * rendering the whole page again (error 520 in the production build, costly on a slow phone). Tamil
 * is where the interface texts load with the page (English is in the first bundle), so it is tried there.
 */

test.use({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });

test('full page loads in Tamil, signed in as a customer and as a vendor, render without a recovered error', async ({ page }) => {
  // every error React reports (it reports recovered ones through window.reportError, an 'error' event)
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { reactErrors: string[] }).reactErrors = seen;
    window.addEventListener('error', (e) => seen.push(`${String(e.error)} ${String((e.error as Error | undefined)?.cause ?? '')}`));
  });
  const errors = () => page.evaluate(() => (window as unknown as { reactErrors: string[] }).reactErrors);

  for (const [phone, paths] of [
    [DEMO.customer, ['/Home', '/user-categories', '/cart', '/my-orders', '/profile']],
    [DEMO.vendor, ['/Home', '/order', '/PendingOrders', '/productList', '/day-close', '/dashboard']],
  ] as const) {
    await signInTamil(page, phone);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
      expect(await errors(), path).toEqual([]);
    }
    await page.evaluate(() => localStorage.clear());
  }
});
