import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, serviceWorkerReady, signIn } from './helpers';

/**
 * Offline without noise: a rider's phone that knows it is offline does not keep sending requests that
 * can only fail (areas, area counts, announcements, the live order stream), however often the rider
 * moves between pages; back online, the "Offline, saved at …" notice goes within 5 s.
 */
test.use({ viewport: { width: 390, height: 844 } });

const WATCHED: Record<string, RegExp> = {
  areas: /\/api\/users\/misc\/areas$/,
  areaCounts: /\/api\/Orders\/area-counts$/,
  announcements: /\/api\/informations$/,
  events: /\/api\/events(\/ticket)?$/,
};

test('offline, 20 s on an area page and moving between pages send at most 3 requests each; back online the notice clears', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // the page's timers on a clock the test moves: 20 s offline without waiting 20 s
  await page.clock.install();
  await signIn(page, DEMO.delivery);
  await serviceWorkerReady(page);
  // every page once online, so each has its saved copy
  await page.goto('/orders-by-area/Adyar');
  await expect(page.getByRole('heading', { name: 'Pending Orders for Adyar' })).toBeVisible();
  await page.goto('/Home');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByTestId('saved-data-badge')).toHaveCount(0);

  // every request the page makes while offline can only fail (the service worker answers none of these)
  const failed: Record<string, number> = Object.fromEntries(Object.keys(WATCHED).map((k) => [k, 0]));
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    for (const [name, re] of Object.entries(WATCHED)) if (re.test(path)) failed[name]++;
  });

  await context.setOffline(true);
  // 20 s on the area page
  await page
    .getByRole('link', { name: /^Adyar/ })
    .first()
    .click();
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at/);
  for (let s = 0; s < 20; s++) await page.clock.runFor(1_000);
  await page.goBack();
  for (let round = 0; round < 3; round++) {
    await page
      .getByRole('link', { name: /^Adyar/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Pending Orders for Adyar' })).toBeVisible();
    await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  }
  for (const [name, n] of Object.entries(failed)) expect(n, `${name}: failed requests while offline`).toBeLessThanOrEqual(3);

  // back online on the area page: the notice goes within 5 s
  await page
    .getByRole('link', { name: /^Adyar/ })
    .first()
    .click();
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at/);
  await context.setOffline(false);
  await expect(page.getByTestId('saved-data-badge')).toHaveCount(0, { timeout: 5_000 });
  await expect(page.getByText(/^Offline, saved at/)).toHaveCount(0);
});

test('"Ready to work offline" does not cover the page\'s heading', async ({ page }) => {
  await signIn(page, DEMO.delivery);
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Ready to work offline' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  const heading = page.getByRole('heading', { name: /^Welcome/ });
  const [a, b] = [(await notice.boundingBox())!, (await heading.boundingBox())!];
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `notice ${JSON.stringify(a)} over heading ${JSON.stringify(b)}`).toBe(false);
});
