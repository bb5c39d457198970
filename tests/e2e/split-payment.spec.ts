import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, makeProduct, signIn } from './helpers';
import { getOrder } from '../support/http-builders';

/**
 * A sale paid in parts at the counter of a shop without a payment provider: ₹500 in cash and the rest by UPI in
 * three taps (Split, ₹500, Rest by UPI). The bill and the last-sale bar name both parts, and the day close counts
 * ₹500 in cash and the rest in UPI, each once.
 */
const stamp = Date.now().toString(36);
const NAME = `E2E Split Tin ${stamp}`;
// the shop: Meenakshi Traders, its own day close
const SHOP = DEMO.vendor2;

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
type DaySummary = { sales: number; payments: { cash: number; upi: number } };

test.use({ viewport: { width: 1280, height: 800 } });

/** The shop's counter, signed in, with the tin on the sale. */
async function ringUpTin(page: Page) {
  await signIn(page, SHOP);
  await page.goto('/order');
  const finder = page.getByTestId('product-finder');
  await finder.fill(NAME);
  await expect(page.getByRole('option', { name: new RegExp(NAME) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
  await expect(page.getByTestId('order-total')).toContainText('₹847.21');
}

test.beforeAll(async ({ baseURL }) => {
  await makeProduct(baseURL!, SHOP, { name: NAME, price: 900, shopPrice: 847.21 });
  // a shop without a provider: the cashier's own confirmation, the static QR (another test may have set one)
  await call(baseURL!, await apiToken(baseURL!, SHOP), 'DELETE', 'payments/settings');
});

test('a split sale (₹500 cash + the rest by UPI)', async ({ page, baseURL }) => {
  const token = await apiToken(baseURL!, SHOP);
  const summary = () => call<DaySummary>(baseURL!, token, 'GET', `Orders/vendor/day-summary?date=${istToday()}`);
  const before = await summary();

  await ringUpTin(page);

  // Split, ₹500, Rest by UPI
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  const split = page.getByTestId('split-payment');
  await expect(split.getByTestId('split-left')).toHaveText('Left to pay: ₹847.21');
  // one part is no split yet: the sale is not recorded
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('alert')).toHaveText('Add a second part, or choose a single way of paying.');
  await split.getByRole('button', { name: '₹500', exact: true }).click();
  await expect(split.getByTestId('split-left')).toHaveText('Left to pay: ₹347.21');
  await split.getByRole('button', { name: 'Rest by UPI' }).click();
  await expect(split.getByLabel('Part 2: amount')).toHaveValue('₹347.21');
  await expect(split.getByTestId('split-left')).toHaveText('The parts make the total of ₹847.21');
  // the shop's static QR asks for the UPI part only
  await expect(split.getByTestId('upi-qr')).toHaveAttribute('data-link', /am=347\.21/);

  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Order created successfully!')).toBeVisible();
  await expect(page.getByTestId('last-sale-parts')).toHaveText('Cash ₹500.00 · UPI ₹347.21');

  // its bill names both parts
  await page.getByTestId('last-sale-bill').click();
  await expect(page.getByTestId('bill-total')).toContainText('847.21');
  await expect(page.getByTestId('bill-payment')).toHaveText('Cash ₹500.00 · UPI ₹347.21');

  // the server has both parts (the bill's address is the order's id)
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const order = await getOrder(baseURL!, token, id);
  expect(order).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'split', totalPayable: 847.21 });
  expect(order.payments).toEqual([
    { method: 'cash', amount: 500 },
    { method: 'upi', amount: 347.21 },
  ]);

  // the day close: ₹500 more in cash, ₹347.21 more in UPI, one sale more
  await page.goto('/day-close');
  const sheet = page.getByTestId('day-close-sheet');
  await expect(sheet.getByTestId('dc-sales')).toHaveText(String(before.sales + 1));
  expect(money(await sheet.getByTestId('dc-pay-cash').textContent())).toBeCloseTo(before.payments.cash + 500, 2);
  expect(money(await sheet.getByTestId('dc-pay-upi').textContent())).toBeCloseTo(before.payments.upi + 347.21, 2);
  const after = await summary();
  expect(after.payments.cash).toBeCloseTo(before.payments.cash + 500, 2);
  expect(after.payments.upi).toBeCloseTo(before.payments.upi + 347.21, 2);
});

test('offline before the app is saved on the device, UPI says its QR is not saved yet, and the sale stays on the till', async ({
  page,
  context,
}) => {
  // this spec runs without the service worker: nothing loaded later can come from the device's cache
  await ringUpTin(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'UPI', exact: true }).click();
  await expect(page.getByTestId('part-not-saved')).toHaveText(
    'This part of the app was not saved on this device yet. It loads when the connection returns.',
  );
  // the rest of the till is still there: the sale, its total, the other ways to pay
  await expect(page.getByTestId('order-total')).toContainText('₹847.21');
  await expect(page.getByRole('button', { name: 'Cash', exact: true })).toBeVisible();
  await context.setOffline(false);
});
