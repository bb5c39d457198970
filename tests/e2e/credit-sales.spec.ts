import { expect, type Page } from '@playwright/test';
import type { CustomerDto, LedgerResponse } from '../../core/schemas/customer';
import { test } from './fixtures';
import {
  apiToken,
  call,
  countOutboxReplays,
  DEMO,
  freshPhone,
  makeProduct,
  replayOutboxAgain,
  serviceWorkerReady,
  signIn,
} from './helpers';
import { creditSale } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Credit (khata) at 1280 x 800: a credit sale at the counter to a new customer found by phone and
 * added in two fields, then a part payment by UPI on the customer's page; and a credit sale to a
 * customer added offline, both sent exactly once when back online.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const stamp = Date.now().toString(36);

/** The vendor's shop customers whose phone holds `phone`. */
const customersWith = (baseURL: string, token: string, phone: string) =>
  call<CustomerDto[]>(baseURL, token, 'GET', `customers?query=${phone}`);
/** A shop customer's ledger, oldest entry first. */
const ledgerOf = async (baseURL: string, token: string, id: string) =>
  (await call<LedgerResponse>(baseURL, token, 'GET', `customers/${id}/ledger`)).entries;

/** Adds the product to the sale from the finder (its name, then Enter). */
async function addToSale(page: Page, name: string) {
  const finder = page.getByTestId('product-finder');
  await finder.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
  await expect(page.getByTestId('shop-line')).toHaveCount(1);
}

/** Types a phone that no customer has, and adds the customer from the two fields. */
async function newCustomerByPhone(page: Page, phone: string, name: string) {
  await page.getByTestId('customer-search').fill(phone);
  await expect(page.getByText('No customer matches')).toBeVisible();
  await page.getByTestId('new-customer').click();
  await expect(page.getByLabel('Customer phone')).toHaveValue(phone);
  await page.getByLabel('Customer name').fill(name);
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByTestId('sale-customer')).toContainText(name);
}

test('a credit sale to a new customer found by phone, then a part payment by UPI', async ({ page, baseURL }) => {
  const product = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E Khata ${stamp}`, price: 100, shopPrice: 90 });
  const phone = freshPhone();
  const name = `E2E Regular ${stamp}`;
  await signIn(page, DEMO.vendor);
  await page.goto('/order');
  await addToSale(page, product.name);
  await page.getByLabel('Quantity 1', { exact: true }).fill('2');
  await expect(page.getByTestId('order-total')).toHaveText('Order total: ₹180.00');

  // Credit is offered only with a customer
  await expect(page.getByRole('button', { name: 'Credit', exact: true })).toHaveCount(0);
  await newCustomerByPhone(page, phone, name);
  await expect(page.getByTestId('sale-customer-balance')).toContainText('₹0.00');
  await page.getByRole('button', { name: 'Credit', exact: true }).click();
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Order created successfully!')).toBeVisible();

  // the customer page: balance 180, a part payment of 70 by UPI leaves 110
  await page.goto('/customers');
  await page.getByLabel('Search by name or phone').fill(phone);
  await page.getByRole('link', { name: `Open ${name}` }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('customer-balance')).toHaveText('₹180.00');
  await expect(page.getByRole('table', { name: 'Ledger' })).toContainText('Credit sale');
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('payment-amount').fill('70');
  await dialog.getByRole('button', { name: 'UPI', exact: true }).click();
  await dialog.getByTestId('save-payment').click();
  await expect(page.getByText('Payment recorded. New balance ₹110.00.')).toBeVisible();
  await expect(page.getByTestId('customer-balance')).toHaveText('₹110.00');
  await expect(page.getByRole('table', { name: 'Ledger' })).toContainText('Payment (UPI)');

  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const [c] = await customersWith(baseURL!, vendor, phone);
  expect(c.balance).toBe(110);
  expect((await ledgerOf(baseURL!, vendor, c._id)).map((e) => [e.kind, e.amount, e.balance])).toEqual([
    ['sale', 180, 180],
    ['payment', -70, 110],
  ]);
});

test('a customer added and a credit sale made offline arrive exactly once', async ({ page, context, baseURL }) => {
  const product = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E Offline Khata ${stamp}`, price: 60, shopPrice: 50 });
  const phone = freshPhone();
  const name = `E2E Offline Regular ${stamp}`;
  const posts = { customers: 0, orders: 0 };
  context.on('request', (req) => {
    if (req.method() !== 'POST') return;
    const path = new URL(req.url()).pathname;
    if (path === '/api/customers') posts.customers++;
    if (path === '/api/Orders') posts.orders++;
  });
  await countOutboxReplays(context);
  await signIn(page, DEMO.vendor);
  await page.goto('/order');
  await expect(page.getByTestId('customer-search')).toBeVisible();
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await addToSale(page, product.name);
  await newCustomerByPhone(page, phone, name);
  await expect(page.getByText(`Customer ${name} saved on this device; it is sent before the sale.`)).toBeVisible();
  await page.getByRole('button', { name: 'Credit', exact: true }).click();
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Sale saved on this device. It will be sent when you are back online.').first()).toBeVisible();

  await context.setOffline(false);
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  await expect.poll(async () => (await customersWith(baseURL!, vendor, phone))[0]?.balance ?? null, { timeout: 60_000 }).toBe(50);
  // another replay sends whatever is left: nothing
  await replayOutboxAgain(page, context);

  const found = await customersWith(baseURL!, vendor, phone);
  expect(found).toHaveLength(1);
  expect((await ledgerOf(baseURL!, vendor, found[0]._id)).map((e) => [e.kind, e.amount])).toEqual([['sale', 50]]);
  expect(posts).toEqual({ customers: 1, orders: 1 });
});

test('a payment recorded offline is sent once when back online', async ({ page, context, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const product = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E Offline Pay ${stamp}`, price: 100, shopPrice: 80 });
  const c = await call<CustomerDto>(baseURL!, vendor, 'POST', 'customers', { name: `E2E Payer ${stamp}`, phone: freshPhone() });
  await creditSale(baseURL!, vendor, c, [{ productId: product._id, quantity: 1 }]);
  let posts = 0;
  context.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === `/api/customers/${c._id}/payments`) posts++;
  });
  await countOutboxReplays(context);
  await signIn(page, DEMO.vendor);
  await page.goto(`/customers/${c._id}`);
  await expect(page.getByTestId('customer-balance')).toHaveText('₹80.00');
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Record payment' }).click();
  await page.getByRole('dialog').getByTestId('payment-amount').fill('30');
  await page.getByRole('dialog').getByTestId('save-payment').click();
  await expect(page.getByText('Payment saved on this device; it is sent when online.')).toBeVisible();
  await expect(page.getByTestId('customer-balance')).toHaveText('₹50.00');

  await context.setOffline(false);
  await expect.poll(async () => (await customersWith(baseURL!, vendor, c.phone))[0].balance, { timeout: 60_000 }).toBe(50);
  await replayOutboxAgain(page, context);
  expect((await ledgerOf(baseURL!, vendor, c._id)).map((e) => [e.kind, e.amount])).toEqual([
    ['sale', 80],
    ['payment', -30],
  ]);
  expect(posts).toBe(1);
});

test('deliver later on credit to a saved customer: their address is filled in, the balance rises at delivery', async ({
  page,
  baseURL,
}) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const product = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E Deliver Later ${stamp}`, price: 500, shopPrice: 450 });
  const c = await call<CustomerDto>(baseURL!, vendor, 'POST', 'customers', {
    name: `E2E Bengaluru Traders ${stamp}`,
    phone: freshPhone(),
    address: '4 MG Road, Indiranagar, Bengaluru 560038',
    stateCode: '29',
  });
  const balance = async () => (await customersWith(baseURL!, vendor, c.phone))[0].balance;

  await signIn(page, DEMO.vendor);
  await page.goto('/order');
  await addToSale(page, product.name);
  await page.getByTestId('customer-search').fill(c.phone);
  await page.getByRole('button', { name: `Choose ${c.name}` }).click();
  await expect(page.getByTestId('sale-customer')).toContainText(c.name);
  await page.getByRole('button', { name: 'Deliver later' }).click();

  // the customer's saved address, phone and state; the cashier could still change them
  await expect(page.getByTestId('address-from-customer')).toHaveText(`Address filled from ${c.name}; you can change it.`);
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('4 MG Road, Indiranagar');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Bengaluru');
  await expect(page.getByRole('textbox', { name: 'Pincode' })).toHaveValue('560038');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue(c.phone);
  await expect(page.getByTestId('ship-state')).toHaveValue('29');

  // Credit is offered for a sale to deliver later too
  await page.getByRole('button', { name: 'Credit', exact: true }).click();
  await expect(page.getByTestId('account-at-delivery')).toHaveText(`Goes on ${c.name}’s account when delivered.`);
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Order created successfully!')).toBeVisible();

  const { orders } = await call<{ orders: Array<Record<string, unknown> & { _id: string }> }>(
    baseURL!,
    vendor,
    'GET',
    `Orders/vendor?search=${c.phone}`,
  );
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    status: 'Pending',
    paymentMethod: 'credit',
    placeOfSupply: '29',
    customer: { name: c.name, phone: c.phone },
    shippingAddress: { address: '4 MG Road, Indiranagar', city: 'Bengaluru', pincode: '560038', phoneNumber: c.phone },
  });
  // not on the account before the goods leave
  expect(await balance()).toBe(0);

  // the order page names the customer; delivered, the sale is on their account
  await page.goto(`/vendor/orders/${orders[0]._id}`);
  await expect(page.getByTestId('order-customer')).toHaveText(c.name);
  await expect(page.getByTestId('order-phone')).toHaveText(c.phone);
  await page.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(page.getByTestId('delivery-status')).toHaveText('Delivered');
  await expect.poll(balance, { timeout: 30_000 }).toBe(450);

  // Vendor Orders finds it by the customer's name
  await page.goto('/vendorOrdersList');
  await page.getByTestId('search-customer').fill(c.name.toLowerCase());
  await expect(page.getByTestId('vendor-order-row')).toHaveCount(1);
  await expect(page.getByTestId('vendor-order-row')).toContainText(c.name);
});
