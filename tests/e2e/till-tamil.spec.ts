import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, makeProduct, openShiftAtCounter, serviceWorkerReady, signInTamil } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A till out of numbers offline, in Tamil: the sale falls back to the provisional bill, the cashier is
 * told why, and the server numbers it in the vendor's own series when it arrives.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

const stamp = Date.now().toString(36);

test('a till with no numbers left offline gives a provisional bill with a Tamil notice; the server numbers the sale', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const me = await call<{ _id: string }>(baseURL!, vendor, 'GET', 'users/profile');
  const name = `E2E till rice ${stamp}`;
  await makeProduct(baseURL!, DEMO.vendor, { name, Tamil: 'அரிசி', price: 60, shopPrice: 55 });
  const till = await call<{ _id: string; name: string; series: string; block: { fy: string; to: number } }>(
    baseURL!,
    vendor,
    'POST',
    'devices',
    {
      name: 'முன் கவுண்டர்',
    },
  );

  await signInTamil(page, DEMO.vendor);
  await page.goto('/PendingOrders');
  await expect(page.getByRole('heading', { name: 'நிலுவையில் உள்ள ஆர்டர்கள்' })).toBeVisible();
  await page.goto('/order');
  await expect(page.getByTestId('product-finder')).toBeVisible();
  await serviceWorkerReady(page);

  // offline, this device is that till with every number of its block used
  await context.setOffline(true);
  await page.evaluate(
    ([userId, t]) =>
      localStorage.setItem(
        'till',
        JSON.stringify({
          [userId]: { deviceId: t._id, name: t.name, prefix: t.series, blocks: [{ fy: t.block.fy, next: t.block.to + 1, to: t.block.to }] },
        }),
      ),
    [me._id, till] as const,
  );
  await page.goto('/order');
  await expect(page.getByTestId('till-settings')).toHaveText(`கவுண்டர் ${till.series}`);
  // the till sells within a shift: opened offline, it is saved on the device and sent before the sale
  await expect(page.getByRole('button', { name: 'ஷிஃப்டைத் தொடங்கு' })).toBeVisible();
  await openShiftAtCounter(page, 200);
  const finder = page.getByTestId('product-finder');
  await finder.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
  // on a phone the shop's address of a sale handed over is folded: opened to change it
  await page.getByRole('button', { name: 'டெலிவரி முகவரியை மாற்று' }).click();
  await page.getByLabel(/^முகவரி/).fill(`E2E till lane ${stamp}`);
  await page.getByLabel(/^நகரம்/).fill('Chennai');
  await page.getByLabel(/^பின்கோடு/).fill('600017');
  await page.getByLabel(/^தொலைபேசி எண்/).fill('9876543210');
  await page.getByRole('button', { name: /விற்பனையைச் சேமி/ }).click();

  await expect(page.getByText('இந்தக் கவுண்டரில் பில் எண்கள் தீர்ந்துவிட்டன', { exact: false })).toBeVisible();
  await expect(page.getByTestId('last-sale')).toBeVisible();
  await page.goto('/PendingOrders');
  const card = page.getByTestId('queued-sale').filter({ hasText: `E2E till lane ${stamp}` });
  await expect(card.getByTestId('provisional-bill')).toBeVisible();
  await page.screenshot({ path: 'test-results/till-out-of-numbers-ta-390.png', fullPage: true });
  await card.getByRole('link', { name: 'பில்லைப் பார்' }).click();
  await expect(page.getByTestId('bill-provisional')).toBeVisible();
  const orderId = /\/receipt\/([0-9a-f-]+)/.exec(page.url())![1];

  // back online: the server gives it the next number of the vendor's own series, never one of the till's
  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (await call<{ invoiceNumber: string | null }>(baseURL!, vendor, 'GET', `Orders/${orderId}`).catch(() => null))?.invoiceNumber ?? '',
      {
        timeout: 60_000,
      },
    )
    .toMatch(/^[A-Z0-9]+\/\d{2}\/\d{6}$/);
  const order = await call<{ invoiceNumber: string }>(baseURL!, vendor, 'GET', `Orders/${orderId}`);
  expect(order.invoiceNumber.startsWith(`${till.series}/`)).toBe(false);
});
