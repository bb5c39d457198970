import fs from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, counterSale, DEMO, makeProduct, openCounterOnline, signIn } from './helpers';
import { getOrder } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Nothing queued is lost: a counter sale made offline is saved to a file from the outbox drawer,
 * and another browser signed in to the same shop loads the file and sends it. The sale is made
 * once, however often the file is loaded and when the first device syncs as well.
 */

const stamp = Date.now().toString(36);

test('a sale queued offline, saved to a file, is sent once from another device of the shop', async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const name = `E2E file tea ${stamp}`;
  const phone = `98${String(Date.now()).slice(-8)}`;
  await makeProduct(baseURL!, DEMO.vendor, { name, Tamil: 'தேநீர்', price: 50, shopPrice: 40 });
  const salesOfThisPhone = async () =>
    (await call<{ orders: Array<{ _id: string }> }>(baseURL!, vendor, 'GET', `Orders/vendor?search=${phone}&limit=100`)).orders.length;

  await openCounterOnline(page);

  // offline: a cash sale handed over at the counter waits on this device
  await context.setOffline(true);
  await counterSale(page, name, `E2E file street ${stamp}`, phone);
  await expect(page.getByTestId('last-sale')).toBeVisible();

  // saved to a file from the outbox drawer
  await page.getByTestId('sync-indicator').click();
  const drawer = page.getByRole('dialog', { name: 'Changes saved on this device' });
  await expect(drawer.getByTestId('outbox-waiting')).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByTestId('outbox-save').click()]);
  expect(download.suggestedFilename()).toMatch(/^namma-kadai-unsent-.*\.json$/);
  const file = testInfo.outputPath('unsent.json');
  await download.saveAs(file);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(saved).toMatchObject({ format: 'namma-kadai-outbox', version: 1, items: [{ method: 'POST', url: '/api/Orders' }] });
  expect(saved.items[0].idempotencyKey).toBe(saved.items[0].body._id);
  expect(saved.items[0].body.shippingAddress.phoneNumber).toBe(phone);
  await expect(drawer.getByTestId('outbox-file-note')).toContainText('Saved to namma-kadai-unsent-');

  // another browser of the shop loads the file from the account menu (nothing waits there) and sends it
  const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page2 = await other.newPage();
  await signIn(page2, DEMO.vendor);
  await page2.getByTestId('user-menu').click();
  await page2.getByTestId('open-saved-changes').click();
  const panel = page2.getByRole('dialog', { name: 'Changes saved on this device' });
  const load = async () => {
    const [chooser] = await Promise.all([page2.waitForEvent('filechooser'), panel.getByTestId('outbox-load').click()]);
    await chooser.setFiles(file);
  };
  await load();
  await expect(panel.getByTestId('outbox-file-note')).toHaveText('1 change loaded. It will be sent from this device.');
  await expect.poll(salesOfThisPhone, { timeout: 30_000 }).toBe(1);
  const order = await getOrder(baseURL!, vendor, saved.items[0].body._id);
  expect(order.isShop).toBe(true);

  // loaded again: this device sent it already, nothing is queued or made
  await load();
  await expect(panel.getByTestId('outbox-file-note')).toHaveText('Nothing new in this file: its changes are already here or sent.');
  await expect(panel.getByTestId('outbox-waiting')).toHaveCount(0);

  // the first device comes back online and sends its copy: the server answers the same sale
  await context.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toHaveCount(0, { timeout: 30_000 });
  expect(await salesOfThisPhone()).toBe(1);

  // a file of another shop is refused with a clear message
  const foreign = testInfo.outputPath('other-shop.json');
  fs.writeFileSync(foreign, JSON.stringify({ ...saved, userId: '00000000-0000-4000-8000-000000000000' }));
  const [chooser] = await Promise.all([page2.waitForEvent('filechooser'), panel.getByTestId('outbox-load').click()]);
  await chooser.setFiles(foreign);
  await expect(panel.getByTestId('outbox-file-note')).toHaveText('This file is from another account. Sign in as that shop to send it.');
  await other.close();
});
