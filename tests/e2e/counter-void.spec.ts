import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, makeProduct, signIn } from './helpers';
import { getOrder, shopSale } from '../support/http-builders';

/**
 * The counter's safety at a desk (1280x800, English): Enter in a quantity moves on and records
 * nothing, Ctrl+Enter (shown on Create Order) records the sale; a handed-over sale is voided from
 * its page with a reason (stock back, the bill says VOID, the day close lists it); the UPI ID is set
 * in a dialog on the sale screen, the lines stay and the QR code shows.
 */
const stamp = Date.now().toString(36);
const RICE = `E2E Void Rice ${stamp}`;
const SEED_UPI = 'murugan.stores@okaxis';
let productId = '';

const ordersTotal = async (baseURL: string, token: string) =>
  (await call<{ total: number }>(baseURL, token, 'GET', 'Orders/vendor?page=1&limit=1')).total;
const stockOf = async (baseURL: string, token: string) =>
  (
    await call<Array<{ _id: string; countInStock: number }>>(baseURL, token, 'GET', `products/products?keyword=${encodeURIComponent(RICE)}`)
  ).find((p) => p._id === productId)!.countInStock;

/** The rice on the first line of a new sale, through the search box. */
async function startSale(page: Page) {
  await page.goto('/order');
  const finder = page.getByTestId('product-finder');
  await expect(finder).toBeFocused();
  await finder.fill(RICE);
  await expect(page.getByRole('option', { name: new RegExp(RICE) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Product 1', exact: true })).toHaveValue(new RegExp(`^${RICE}`));
}

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, locale: 'en-IN' });

test.beforeAll(async ({ baseURL }) => {
  productId = (await makeProduct(baseURL!, DEMO.vendor, { name: RICE, price: 70, shopPrice: 68, countInStock: 40, unit: 'kg' }))._id;
});

test.afterAll(async ({ baseURL }) => {
  // the demo vendor's UPI ID as seeded, for whatever runs next on this server
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  await call(baseURL!, vendor, 'PUT', 'users/profile', { upiId: SEED_UPI, currentPassword: DEMO.password });
});

test('Enter in Quantity moves to the next field and records nothing; Ctrl+Enter records the sale', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const before = await ordersTotal(baseURL!, vendor);
  await signIn(page, DEMO.vendor);
  await startSale(page);

  const create = page.getByRole('button', { name: /Create Order/ });
  await expect(create).toContainText('Ctrl+Enter');
  await expect(create).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');

  const qty = page.getByLabel('Quantity 1', { exact: true });
  await qty.fill('1.5');
  await qty.press('Enter');
  await expect(page.getByLabel('Discount 1', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/order$/);
  // Enter in an address field does not record it either
  await page.getByLabel(/^City/).press('Enter');
  await expect(page.getByLabel(/^Pincode/)).toBeFocused();
  await expect(page.getByTestId('order-total')).toHaveText('Order total: ₹102.00');

  // the shortcut records the sale, once
  await page.getByLabel('Discount 1', { exact: true }).press('Control+Enter');
  await expect(page.getByText('Order created successfully!')).toBeVisible();
  await expect(page.getByTestId('last-sale')).toBeVisible();
  await expect(page).toHaveURL(/\/order$/);
  await expect.poll(() => ordersTotal(baseURL!, vendor)).toBe(before + 1);
  expect(await stockOf(baseURL!, vendor)).toBe(38.5);
});

test('a handed-over sale is voided from its page with a reason: stock back, bill VOID, in the day close', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const stock = await stockOf(baseURL!, vendor);
  const order = await shopSale(baseURL!, vendor, [{ productId, quantity: 1.25 }]);
  expect(await stockOf(baseURL!, vendor)).toBe(stock - 1.25);

  await signIn(page, DEMO.vendor);
  await page.goto(`/vendor/orders/${order._id}`);
  await page.getByTestId('void-sale').click();
  // the dialog names the sale by its invoice number, never by "#" and the order number
  expect(order.invoiceNumber).toBeTruthy();
  const dialog = page.getByRole('dialog', { name: `Void sale ${order.invoiceNumber}`, exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toContainText(`#${order.orderNumber}`);
  await expect(dialog).toContainText(order.invoiceNumber!);
  // too short a reason: the server's rule, shown beside the field, and nothing voided
  await dialog.getByLabel('Reason').fill('ab');
  await dialog.getByRole('button', { name: 'Void sale' }).click();
  await expect(dialog.getByText('Give a reason for the void, 3 to 200 characters')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Paid by UPI, not cash');
  await dialog.getByRole('button', { name: 'Void sale' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('voided-badge')).toHaveText('VOID');
  await expect(page.getByTestId('voided-note')).toContainText('Paid by UPI, not cash');
  await expect(page.getByTestId('void-sale')).toHaveCount(0);

  const after = await getOrder(baseURL!, vendor, order._id);
  expect(after).toMatchObject({ voidReason: 'Paid by UPI, not cash', invoiceNumber: order.invoiceNumber });
  expect(after.voidedAt).not.toBeNull();
  expect(await stockOf(baseURL!, vendor)).toBe(stock);

  // the bill says VOID
  await page.getByTestId('receipt-link').click();
  await expect(page.getByTestId('bill-void')).toHaveText('VOID - invoice cancelled');
  await expect(page.getByTestId('bill-invoice')).toHaveText(order.invoiceNumber!);

  // the orders list marks it VOID where the status shows
  await page.goto('/vendorOrdersList');
  await page.getByRole('searchbox', { name: 'Order or invoice no.' }).fill(order.invoiceNumber!);
  await expect(page.getByTestId('row-voided')).toHaveText('VOID');

  // the day close lists it apart
  await page.goto('/day-close');
  const voids = page.getByTestId('dc-voids');
  await expect(voids).toContainText(`VOID ${order.invoiceNumber}`);
  await expect(voids).toContainText('Paid by UPI, not cash');
});

test('Add your UPI ID opens a dialog on the sale screen: the lines stay and the QR code shows', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  await call(baseURL!, vendor, 'PUT', 'users/profile', { upiId: '', currentPassword: DEMO.password });
  await signIn(page, DEMO.vendor);
  await startSale(page);
  await page.getByLabel('Quantity 1', { exact: true }).fill('2');
  await expect(page.getByTestId('order-total')).toHaveText('Order total: ₹136.00');

  await page.getByRole('button', { name: 'UPI', exact: true }).click();
  await expect(page.getByText('No UPI ID in your profile yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add your UPI ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your UPI ID' });
  await dialog.getByLabel('UPI ID').fill('murugan.counter@okaxis');
  await dialog.getByLabel(/^Current password/).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Save UPI ID' }).click();
  await expect(dialog).toBeHidden();

  // still on the sale, with its line, and the QR pays the new ID the exact amount
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('combobox', { name: 'Product 1', exact: true })).toHaveValue(new RegExp(`^${RICE}`));
  await expect(page.getByLabel('Quantity 1', { exact: true })).toHaveValue('2');
  const qr = page.getByTestId('upi-qr');
  await expect(qr).toBeVisible();
  const link = new URL((await qr.getAttribute('data-link'))!.replace('upi://pay?', 'https://x/?'));
  expect(link.searchParams.get('pa')).toBe('murugan.counter@okaxis');
  expect(link.searchParams.get('am')).toBe('136.00');
  expect((await call<{ upiId: string }>(baseURL!, vendor, 'GET', 'users/profile')).upiId).toBe('murugan.counter@okaxis');
});
