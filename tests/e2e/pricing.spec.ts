import { expect } from '@playwright/test';
import { test } from './fixtures';
import { addToSale, apiToken, call, DEMO, makeProduct, signIn } from './helpers';
import { getOrder } from '../support/http-builders';

/**
 * Price lists and schemes at the counter (core/pricing.ts), set up through the API: a hotel customer on the shop's
 * wholesale list pays the list's price, and a buy-2-get-1 scheme takes the free one off the line and the bill.
 */
const stamp = Date.now().toString(36);
const SHOP = DEMO.vendor2;
const istDay = (ms = Date.now()) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

test.use({ viewport: { width: 1280, height: 800 } });

test("a hotel customer's wholesale price at the counter", async ({ page, baseURL }) => {
  const token = await apiToken(baseURL!, SHOP);
  const rice = await makeProduct(baseURL!, SHOP, { name: `E2E Ponni ${stamp}`, price: 60, shopPrice: 55 });
  const list = await call<{ _id: string }>(baseURL!, token, 'POST', 'price-lists', {
    name: 'Wholesale',
    rules: [{ productId: rice._id, price: 48 }],
  });
  const hotel = await call<{ name: string }>(baseURL!, token, 'POST', 'customers', {
    name: `Hotel ${stamp}`,
    phone: `9${String(Date.now()).slice(-9)}`,
    priceListId: list._id,
  });

  await signIn(page, SHOP);
  await page.goto('/order');
  await page.getByTestId('customer-search').fill(hotel.name);
  await page
    .getByRole('button', { name: new RegExp(hotel.name) })
    .first()
    .click();
  await addToSale(page, rice.name);
  await expect(page.getByTestId('line-price-list')).toHaveText('Wholesale: ₹48.00 each');
  await expect(page.getByTestId('line-total')).toHaveText('Line total: ₹48.00');
  await expect(page.getByTestId('line-before')).toHaveText('₹55.00');
  await expect(page.getByTestId('order-total')).toContainText('₹48.00');
});

test('a buy-2-get-1 bill', async ({ page, baseURL }) => {
  const token = await apiToken(baseURL!, SHOP);
  const soap = await makeProduct(baseURL!, SHOP, { name: `E2E Soap ${stamp}`, price: 45, shopPrice: 40 });
  await call(baseURL!, token, 'POST', 'schemes', {
    kind: 'buyXgetY',
    name: 'Buy 2 get 1',
    from: istDay(Date.now() - 86_400_000),
    to: istDay(Date.now() + 86_400_000),
    buy: { productId: soap._id, quantity: 2 },
    get: { productId: soap._id, quantity: 1 },
  });

  await signIn(page, SHOP);
  await page.goto('/order');
  for (let i = 0; i < 3; i++) await addToSale(page, soap.name);
  await expect(page.getByTestId('line-scheme')).toHaveText('Buy 2 get 1: −₹40.00');
  // the line shows what it is charged, the selling-price total struck through; the bill is the sum of the lines
  const line = page.getByTestId('shop-line');
  await expect(line.getByTestId('line-total')).toHaveText('Line total: ₹80.00');
  await expect(line.getByTestId('line-before')).toHaveText('₹120.00');
  await expect(line.getByTestId('line-before')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(page.getByTestId('order-total')).toContainText('₹80.00');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Order created successfully!')).toBeVisible();

  await page.getByTestId('last-sale-bill').click();
  await expect(page.getByTestId('bill-total')).toContainText('80.00');
  await expect(page.getByTestId('bill-line-pricing')).toHaveText('Buy 2 get 1: −₹40.00');
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const order = await getOrder(baseURL!, token, id);
  expect(order.products[0]).toMatchObject({ lineTotal: 80, schemeName: 'Buy 2 get 1', schemeDiscount: 40 });
  // GST is on the ₹80 paid
  const l = order.products[0];
  expect(Math.round((l.taxable + l.cgst + l.sgst + l.igst) * 100)).toBe(8000);
});
