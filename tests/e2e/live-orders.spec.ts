import { expect } from '@playwright/test';
import { orderRef } from '../../core/order-ref';
import { test } from './fixtures';
import { apiToken, call, DEMO, signIn } from './helpers';
import { lineOf, placeOrder, stockedProduct } from '../support/http-builders';

/**
 * Live screens at phone size: Pending Orders, open in the vendor's browser, shows an order placed
 * through the API by itself (server-sent events), without a reload; the button that asks for
 * notifications says why.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('Pending Orders shows a new delivery order by itself within 2 s', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const customer = await apiToken(baseURL!, DEMO.customer);
  const product = await stockedProduct(baseURL!, 5);

  await signIn(page, DEMO.vendor);
  const stream = page.waitForResponse((r) => r.url().includes('/api/events?ticket='));
  await page.goto('/PendingOrders');
  await expect(page.getByRole('heading', { name: 'Pending Orders' })).toBeVisible();
  expect((await stream).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Tell me when an order comes in' })).toBeVisible();
  // a mark that a reload would wipe
  await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));

  const [order] = await placeOrder(baseURL!, customer, [lineOf(product)], { address: '1 Live Street' });
  await expect(page.getByTestId('pending-order').filter({ hasText: orderRef(order) })).toBeVisible({ timeout: 2000 });
  expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);

  // and when the shop delivers it elsewhere, it leaves the open list by itself
  await call(baseURL!, vendor, 'PUT', 'Orders/mark-delivered', { orderId: order._id });
  await expect(page.getByTestId('pending-order').filter({ hasText: orderRef(order) })).toHaveCount(0, { timeout: 2000 });
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN' });

  test("the customer's open order page shows Delivered by itself, and offers the delivery alert", async ({ page, baseURL }) => {
    const [order] = await placeOrder(baseURL!, await apiToken(baseURL!, DEMO.customer), [lineOf(await stockedProduct(baseURL!, 5))], {
      address: '2 Live Street',
    });
    const vendor = await apiToken(baseURL!, DEMO.vendor);

    await page.goto('/');
    // the Tamil form replaces the prerendered English one once the app has started
    await page.waitForFunction(() => (window as unknown as { __nkAppStarted?: boolean }).__nkAppStarted === true);
    await page.getByRole('textbox').first().fill(DEMO.customer);
    await page.locator('input[type=password]').fill(DEMO.password);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/Home$/);
    const stream = page.waitForResponse((r) => r.url().includes('/api/events?ticket='));
    await page.goto(`/order/${order._id}`);
    await expect(page.getByTestId('order-status')).toHaveText('நிலுவையில்');
    await expect(page.getByRole('button', { name: 'என் ஆர்டர் டெலிவரி ஆனதும் எனக்குத் தெரிவி' })).toBeVisible();
    expect((await stream).status()).toBe(200);

    await call(baseURL!, vendor, 'PUT', 'Orders/mark-delivered', { orderId: order._id });
    await expect(page.getByTestId('order-status')).toHaveText('டெலிவரி ஆனது', { timeout: 2000 });
    // a delivered order asks for no alert
    await expect(page.getByRole('button', { name: 'என் ஆர்டர் டெலிவரி ஆனதும் எனக்குத் தெரிவி' })).toHaveCount(0);
  });
});
