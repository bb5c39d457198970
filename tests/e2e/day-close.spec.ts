import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, choose, DEMO, signIn } from './helpers';
import { placeOrder } from '../support/http-builders';

/** Loose goods at the counter, cash on delivery and the day's close, through the screens. */
const stamp = Date.now().toString(36);
const CATEGORY = `E2E Loose ${stamp}`;
const SUB = 'Weighed Grains';
const RICE = `E2E Loose Rice ${stamp}`;

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

let riceId = '';
test.beforeAll(async ({ baseURL }) => {
  const admin = await apiToken(baseURL!, DEMO.admin);
  await call(baseURL!, admin, 'POST', 'categories', { name: CATEGORY, subcategories: [SUB] });
  const gsts = await call<Array<{ _id: string; rate: number }>>(baseURL!, admin, 'GET', 'gsts?active=true');
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const rice = await call<{ _id: string }>(baseURL!, vendor, 'POST', 'products', {
    name: RICE,
    price: 72,
    shopPrice: 68,
    countInStock: 50.5,
    reOrderLevel: 5,
    unit: 'kg',
    category: CATEGORY,
    subcategory: SUB,
    gst: gsts.find((g) => g.rate === 0)!._id,
    images: ['/images/products/generic.svg'],
  });
  riceId = rice._id;
});

test('a vendor sells 1.25 kg of loose rice at ₹68 / kg for ₹85.00 by UPI and finds it in the day close', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const before = await call<{ sales: number; payments: { upi: number } }>(
    baseURL!,
    vendor,
    'GET',
    `Orders/vendor/day-summary?date=${istToday()}`,
  );

  await signIn(page, DEMO.vendor);
  await page.goto('/order');
  await choose(page, 'Category 1', CATEGORY);
  await choose(page, 'Subcategory 1', SUB);
  await choose(page, 'Product 1', new RegExp(`^${RICE} — ₹68.00 / kg$`));
  await page.getByLabel('Quantity 1', { exact: true }).fill('1.25');
  await expect(page.getByTestId('shop-line').getByTestId('line-total')).toHaveText('Line total: ₹85.00');
  await expect(page.getByTestId('shop-line')).toContainText('₹68.00 / kg × 1.25 kg · In stock: 50.5 kg');
  await page.getByRole('button', { name: 'UPI', exact: true }).click();
  await expect(page.getByRole('button', { name: 'UPI', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Order created successfully!')).toBeVisible();
  const stock = await call<{ countInStock: number }>(baseURL!, vendor, 'GET', `products/${riceId}`);
  expect(stock.countInStock).toBe(49.25);

  await page.goto('/day-close');
  await expect(page.getByRole('heading', { name: 'Day Close' })).toBeVisible();
  const sheet = page.getByTestId('day-close-sheet');
  await expect(sheet.getByTestId('dc-sales')).toHaveText(String(before.sales + 1));
  expect(money(await sheet.getByTestId('dc-pay-upi').textContent())).toBeCloseTo(before.payments.upi + 85, 2);
  await expect(sheet).toContainText('Murugan Stores');
  await expect(sheet).toContainText('Cash to count in the drawer');
  // printable: 80 mm roll by default, A4 on request; only the sheet prints
  await expect(page.getByRole('button', { name: 'Print day close' })).toBeVisible();
  await page.getByText('A4', { exact: true }).click();
  await expect(sheet).toHaveAttribute('data-paper', 'A4');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Day Close' })).toBeHidden();
  await expect(sheet.getByTestId('dc-sales')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // one person's close: the owner's own sales, as the API counts them
  const me = await call<{ _id: string; name: string }>(baseURL!, vendor, 'GET', 'users/profile');
  const own = await call<{ sales: number }>(baseURL!, vendor, 'GET', `Orders/vendor/day-summary?date=${istToday()}&staffId=${me._id}`);
  await choose(page, 'Staff', me.name);
  await expect(sheet.getByTestId('dc-staff')).toHaveText(`Sales of ${me.name} only`);
  await expect(sheet.getByTestId('dc-sales')).toHaveText(String(own.sales));
});

test('a rider records cash on delivery; the order takes its invoice number then and the bill shows it', async ({ page, baseURL }) => {
  const customer = await apiToken(baseURL!, DEMO.customer);
  const [order] = await placeOrder(baseURL!, customer, [{ productId: riceId, quantity: 2.5, price: 68, discount: 0 }], {
    address: `${stamp} Bazaar Street`,
  });
  expect(order.totalPayable).toBe(170);
  // not supplied yet: the invoice number comes with the delivery
  expect(order.invoiceNumber).toBeNull();

  await signIn(page, DEMO.delivery);
  await page.goto(`/vendor/orders/${order._id}`);
  await expect(page.getByTestId('invoice-number')).toHaveText('Invoice no. at delivery');
  // the bill before delivery: the order's reference and the note, no number
  await page.getByRole('link', { name: 'Bill', exact: true }).click();
  const early = page.getByTestId('counter-bill');
  await expect(early.getByTestId('bill-invoice')).toHaveText(/^Ref #\d+ \(number to come\)$/);
  await expect(early.getByTestId('bill-number-at-delivery')).toHaveText('The invoice number is given at delivery.');
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page.getByTestId('order-item')).toContainText('Qty: 2.5 kg × ₹68.00 / kg');
  await page.getByRole('checkbox', { name: 'Cash collected' }).check();
  await page.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(page.getByText('Order marked as delivered. Cash collected.')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await call<{ paymentStatus: string; paymentMethod: string }>(baseURL!, customer, 'GET', `Orders/${order._id}`)).paymentMethod,
    )
    .toBe('cash');
  const delivered = await call<{ invoiceNumber: string | null; invoiceDate: string | null; deliveredAt: string }>(
    baseURL!,
    customer,
    'GET',
    `Orders/${order._id}`,
  );
  expect(delivered.invoiceNumber).toMatch(/^MS\/\d{2}\/\d{6}$/);
  expect(delivered.invoiceDate).toBe(delivered.deliveredAt);

  // the printed bill: the receipt page, as at the counter
  await page.reload();
  await expect(page.getByTestId('invoice-number')).toHaveText(`Invoice ${delivered.invoiceNumber}`);
  await page.getByRole('link', { name: 'Bill', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${order._id}$`));
  const bill = page.getByTestId('counter-bill');
  await expect(bill.getByTestId('bill-invoice')).toHaveText(delivered.invoiceNumber!);
  await expect(bill.getByTestId('bill-number-at-delivery')).toHaveCount(0);
  await expect(bill.getByTestId('bill-line')).toContainText('2.5 kg × ₹68.00 / kg');
  await expect(bill.getByTestId('bill-total')).toHaveText('₹170.00');
  await expect(bill).toContainText('Paid (Cash)');
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendor/orders/${order._id}$`));
});

test("an admin opens a vendor's day close; it matches the API to the paisa", async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!, DEMO.admin);
  const vendors = await call<Array<{ _id: string; phone: string }>>(baseURL!, admin, 'GET', 'users/vendors');
  const murugan = vendors.find((v) => v.phone === DEMO.vendor)!._id;
  const close = await call<{ sales: number; net: number; payments: { cash: number } }>(
    baseURL!,
    admin,
    'GET',
    `Orders/vendor/day-summary?date=${istToday()}&vendorId=${murugan}`,
  );
  await signIn(page, DEMO.admin);
  await page.goto('/day-close');
  await expect(page.getByText('Choose a vendor.')).toBeVisible();
  await choose(page, 'Vendor', 'Murugan Stores');
  const sheet = page.getByTestId('day-close-sheet');
  await expect(sheet.getByTestId('dc-sales')).toHaveText(String(close.sales));
  expect(money(await sheet.getByTestId('dc-net').textContent())).toBeCloseTo(close.net, 2);
  expect(money(await sheet.getByTestId('dc-pay-cash').textContent())).toBeCloseTo(close.payments.cash, 2);
});
