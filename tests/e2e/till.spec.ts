import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, counterSale, DEMO, makeProduct, openCounterOnline, openShiftAtCounter } from './helpers';
import { getOrder } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * This browser as a till: registered online, it gives a sale made offline its final invoice number
 * (no provisional bill), and the sale reaches the server with that same number.
 */

const stamp = Date.now().toString(36);

test('a till registered online numbers an offline sale finally; back online the server has the same number', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `E2E till tea ${stamp}`;
  await makeProduct(baseURL!, DEMO.vendor, { name, Tamil: 'தேநீர்', price: 50, shopPrice: 40 });
  await openCounterOnline(page);

  // register this device as a till: its own series, numbers reserved for it
  await page.getByTestId('till-settings').click();
  await page.getByTestId('till-name').fill('Front counter');
  await page.getByTestId('till-register').click();
  await expect(page.getByTestId('till-current')).toContainText('Front counter');
  const series = ((await page.getByTestId('till-current').textContent()) ?? '').split('·')[1].trim();
  expect(series).toMatch(/^[A-Z0-9-]+$/);
  await expect(page.getByTestId('till-left')).toContainText(`50 (${series}/`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('till-settings')).toHaveText(`Till ${series}`);
  // the devices list on the server has it
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const devices = await call<Array<{ name: string; series: string }>>(baseURL!, vendor, 'GET', 'devices');
  expect(devices.map((d) => d.series)).toContain(series);
  // a till sells within a shift: the counter asks for one first
  await openShiftAtCounter(page, 0);

  // offline: a cash sale handed over at the counter
  await context.setOffline(true);
  await counterSale(page, name, `E2E till street ${stamp}`, '9876543210');

  // the toast and the waiting sale name its final number; its bill is not provisional
  const toast = page.getByText(new RegExp(`Sale saved on this device with invoice number ${series}/\\d{2}/000001`));
  await expect(toast).toBeVisible();
  const number = /invoice number (\S+)\./.exec((await toast.textContent()) ?? '')![1];
  await expect(page.getByTestId('last-sale-text')).toHaveText(`Last sale ${number} · ₹40.00`);
  await page.goto('/PendingOrders');
  const card = page.getByTestId('queued-sale').filter({ hasText: `E2E till street ${stamp}` });
  await expect(card.getByTestId('till-number-bill')).toContainText(number);
  await card.getByRole('link', { name: 'View bill' }).click();
  await expect(page.getByTestId('bill-invoice')).toHaveText(number);
  await expect(page.getByTestId('bill-provisional')).toHaveCount(0);
  const orderId = /\/receipt\/([0-9a-f-]+)/.exec(page.url())![1];

  // a reload offline never gives the number again: the next number is the till's second
  const left = await page.evaluate(() => localStorage.getItem('till'));
  expect(left).toContain('"next":2');

  // back online: the sale reaches the server with that same number, and the bill from the server shows it
  await context.setOffline(false);
  await expect
    .poll(async () => (await getOrder(baseURL!, vendor, orderId).catch(() => null))?.invoiceNumber ?? null, { timeout: 60_000 })
    .toBe(number);
  await page.reload();
  await expect(page.getByTestId('bill-invoice')).toHaveText(number);
  await expect(page.getByTestId('bill-provisional')).toHaveCount(0);
});
