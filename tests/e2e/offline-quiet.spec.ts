import { expect, type Page, type Request } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, DEMO, makeProduct, serviceWorkerReady, signIn } from './helpers';
import { deliverySale, stockedProduct, uploadPhoto } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Offline without noise: a rider's phone that knows it is offline does not keep sending requests that
 * can only fail (areas, area counts, announcements, the live order stream, product photos it does not
 * have), however often the rider moves between pages; back online, the "Offline, saved at …" notice goes
 * within 5 s.
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

/** Whether the service worker's image cache holds the photo at `src`. */
const photoSaved = (page: Page, src: string) =>
  page.evaluate(async (url) => !!(await caches.match(new URL(url, location.href).href, { cacheName: 'images-v1' })), src);

test("offline, the saved area list and an order's details ask for no photo: small ones came with the orders, a big one shows the placeholder", async ({
  page,
  context,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  // a demo product with its small photo, and one whose photo is too big to save ahead (300 KB)
  const small = await stockedProduct(baseURL!, 5, (p) => p.images[0]?.startsWith('/api/uploads/'));
  const bigPhoto = await uploadPhoto(baseURL!, vendor, 300 * 1024);
  const big = await makeProduct(baseURL!, DEMO.vendor, {
    name: `Big Photo Jaggery ${stamp}`,
    price: 90,
    shopPrice: 80,
    images: [bigPhoto],
  });
  const lane = `Photo Lane ${stamp}`;
  const order = await deliverySale(
    baseURL!,
    vendor,
    [
      { productId: small._id, quantity: 1 },
      { productId: big._id, quantity: 1 },
    ],
    { address: lane, area: 'Adyar' },
  );

  // one sign-in online: the orders are saved, and with them the small photos of their lines
  await signIn(page, DEMO.delivery);
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => photoSaved(page, small.images[0]), { timeout: 30_000 }).toBe(true);
  expect(await photoSaved(page, bigPhoto)).toBe(false);

  // the photo requests made once the phone knows it is offline that failed (one the saving pass had under way
  // when the connection went is not the pages')
  const askedOffline = new Set<Request>();
  const failed: string[] = [];
  const isPhoto = (r: Request) => r.resourceType() === 'image' || r.url().includes('/api/uploads/');
  page.on('requestfailed', (r) => {
    if (askedOffline.has(r)) failed.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('console', (m) => {
    const url = m.location().url;
    if (m.type() === 'error' && [...askedOffline].some((r) => r.url() === url)) failed.push(`${url}: ${m.text()}`);
  });

  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  page.on('request', (r) => {
    if (isPhoto(r)) askedOffline.add(r);
  });
  await page.goto('/orders-by-area/Adyar');
  const card = page.getByTestId('area-order').filter({ hasText: lane });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at/);
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendor/orders/${order._id}$`));
  const items = page.getByTestId('order-item');
  await expect(items).toHaveCount(2);
  // the small photo from the device; the big one never asked for: the placeholder of a product without a photo
  const smallImage = items.filter({ hasText: small.name }).getByRole('img');
  await expect(smallImage).toHaveAttribute('src', small.images[0]);
  await expect.poll(() => smallImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(items.filter({ hasText: big.name }).getByRole('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await page.goBack();
  await expect(card).toHaveCount(1);
  expect(failed, 'photo requests that failed offline').toEqual([]);
  await context.setOffline(false);
});
