import { expect } from '@playwright/test';
import { orderRef } from '../../core/order-ref';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductDto, SearchResponse } from '../../core/schemas/product';
import { test } from './fixtures';
import { apiToken, call, DEMO, registerCustomerApi, signIn, signInTamil, switchTo } from './helpers';
import { lineOf, placeOrder } from '../support/http-builders';

/**
 * One order reference for every role (core/order-ref), the customer's bill, the admin's vendor
 * switch-off with undo and announcement edit, and a new vendor's first-day checklist.
 */
const stamp = Date.now().toString(36);

/** The street of the customer's orders here (Adyar, Chennai 600020). */
const REF_STREET = { address: `${stamp} Ref Street` };

/** A demo-vendor product for Adyar: a customer's order of it is pending and unpaid, so without an invoice number yet. */
let product: ProductDto;
test.beforeAll(async ({ baseURL }) => {
  const customer = await apiToken(baseURL!, DEMO.customer);
  const found = await call<SearchResponse>(baseURL!, customer, 'GET', 'products/search?keyword=rice&area=Adyar&pageSize=50');
  product = found.products.find((x) => x.countInStock > 5 && x.unit === 'pcs') ?? found.products.find((x) => x.countInStock > 5)!;
});

test.describe('at 390x844 in English', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the customer, the rider and the vendor see the same reference, and each finds the order by it', async ({ page, baseURL }) => {
    const customer = await apiToken(baseURL!, DEMO.customer);
    const [order] = await placeOrder(baseURL!, customer, [lineOf(product)], REF_STREET);
    const ref = orderRef(order);
    expect(ref).toBe(`#${order.orderNumber}`);
    const label = `Order ${ref}`;

    // the customer: My Orders and the order page
    await signIn(page, DEMO.customer);
    await page.goto('/my-orders');
    const card = page.getByTestId('order-card').filter({ has: page.getByText(label, { exact: true }) });
    await expect(card).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Order or invoice no.' }).fill(ref);
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(card).toBeVisible();
    await page.getByRole('searchbox', { name: 'Order or invoice no.' }).fill('999999');
    await expect(page.getByTestId('order-card')).toHaveCount(0);
    await expect(page.getByText('No orders found.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Order or invoice no.' }).fill(String(order.orderNumber));
    await card.getByRole('link', { name: 'View Order' }).click();
    await expect(page.getByRole('heading', { name: label })).toBeVisible();

    // the rider: the area's card
    await switchTo(page, DEMO.delivery);
    await page.goto('/orders-by-area/Adyar');
    const areaCard = page.getByTestId('area-order').filter({ hasText: `${label} ·` });
    await expect(areaCard).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Order or invoice no.' }).fill(ref);
    await expect(page.getByTestId('area-order')).toHaveCount(1);
    await expect(areaCard).toBeVisible();

    // the vendor: Vendor Orders (searched on the server) and the order page
    await switchTo(page, DEMO.vendor);
    await page.goto('/vendorOrdersList');
    await page.getByRole('searchbox', { name: 'Order or invoice no.' }).fill(ref);
    const row = page.getByTestId('vendor-order-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: label })).toBeVisible();
    await row.getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
  });

  test('an invoiced order shows its invoice number everywhere; the customer finds it by it and opens the bill', async ({
    page,
    baseURL,
  }) => {
    const customer = await apiToken(baseURL!, DEMO.customer);
    const admin = await apiToken(baseURL!, DEMO.admin);
    const [placed] = await placeOrder(baseURL!, customer, [lineOf(product)], REF_STREET);
    // delivered: it takes its invoice number (the time of supply)
    const { order } = await call<{ order: OrderDto }>(baseURL!, admin, 'PUT', 'Orders/mark-delivered', { orderId: placed._id });
    expect(order.invoiceNumber).toMatch(/\/\d{2}\/\d{6}$/);
    const label = `Order ${order.invoiceNumber}`;

    await signIn(page, DEMO.customer);
    await page.goto('/my-orders');
    await page.getByRole('searchbox', { name: 'Order or invoice no.' }).fill(order.invoiceNumber!);
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await page.getByTestId('order-card').getByRole('link', { name: 'View Order' }).click();
    await expect(page.getByRole('heading', { name: label })).toBeVisible();

    // the customer's Bill: the bill of their own order, with the same number
    await page.getByRole('link', { name: 'Bill' }).click();
    await expect(page).toHaveURL(new RegExp(`/receipt/${order._id}$`));
    await expect(page.getByTestId('counter-bill').getByTestId('bill-invoice')).toHaveText(order.invoiceNumber!);
    await page.getByRole('link', { name: 'Back to the order' }).click();
    await expect(page.getByRole('heading', { name: label })).toBeVisible();

    // the vendor finds it by the invoice number's sequence
    await switchTo(page, DEMO.vendor);
    await page.goto('/vendorOrdersList');
    await page.getByRole('searchbox', { name: 'Order or invoice no.' }).fill(order.invoiceNumber!.split('/').pop()!);
    await expect(page.getByTestId('vendor-order-row').getByRole('link', { name: label })).toBeVisible();
  });

  test("another customer's order has no bill for them", async ({ page, baseURL }) => {
    const customer = await apiToken(baseURL!, DEMO.customer);
    const [order] = await placeOrder(baseURL!, customer, [lineOf(product)], REF_STREET);
    await signIn(page, DEMO.maduraiCustomer);
    await page.goto(`/receipt/${order._id}`);
    await expect(page.getByText('Order not found.')).toBeVisible();
    await expect(page.getByTestId('counter-bill')).toHaveCount(0);
  });
});

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('switching a vendor off asks first, naming the shop and its products, and Undo switches it back on', async ({ page, baseURL }) => {
    const admin = await apiToken(baseURL!, DEMO.admin);
    const vendors = await call<Array<{ _id: string; phone: string; activeProducts: number }>>(baseURL!, admin, 'GET', 'users/vendors');
    const kaveri = vendors.find((v) => v.phone === DEMO.kaveri)!;
    const isActive = async () =>
      (await call<Array<{ _id: string; vendorDetails: { isActive: boolean } }>>(baseURL!, admin, 'GET', 'users/vendors')).find(
        (v) => v._id === kaveri._id,
      )!.vendorDetails.isActive;
    try {
      await signIn(page, DEMO.admin);
      await page.goto('/toggleCard');
      const toggle = page.getByRole('switch', { name: 'Kaveri Organics active' });
      await expect(toggle).toBeChecked();

      // Cancel leaves it on
      await toggle.click({ force: true });
      const dialog = page.getByRole('dialog', { name: 'Switch off Kaveri Organics?' });
      await expect(dialog).toContainText(`Customers will no longer see Kaveri Organics or its ${kaveri.activeProducts} products.`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(toggle).toBeChecked();
      expect(await isActive()).toBe(true);

      // Switch off, then Undo (a click while the closing dialog's overlay still covers the page does nothing: again)
      await expect(async () => {
        await toggle.click({ force: true });
        await expect(dialog).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await dialog.getByRole('button', { name: 'Switch off' }).click();
      const notice = page.getByTestId('vendor-off-notice');
      await expect(page.getByText('Kaveri Organics is switched off.')).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect.poll(isActive).toBe(false);
      await notice.getByRole('button', { name: 'Undo' }).click();
      await expect(toggle).toBeChecked();
      await expect.poll(isActive).toBe(true);
    } finally {
      await call(baseURL!, admin, 'PUT', `products/${kaveri._id}/toggle-status`, { isActive: true });
    }
  });

  test('the admin edits an announcement under Announcements; customers read the new text', async ({ page, baseURL }) => {
    const admin = await apiToken(baseURL!, DEMO.admin);
    const before = `Market closed on Sunday (${stamp})`;
    const after = `Market open on Sunday till noon (${stamp})`;
    await call(baseURL!, admin, 'POST', 'informations', { information: before });

    await signIn(page, DEMO.admin);
    await page.goto('/informationList');
    await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
    await page
      .getByTestId('row')
      .filter({ hasText: before })
      .getByRole('link', { name: /^Edit announcement/ })
      .click();
    await expect(page).toHaveURL(/\/information\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('heading', { name: 'Edit announcement' })).toBeVisible();
    const text = page.getByLabel('Information');
    await expect(text).toHaveValue(before);
    await text.fill('   ');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Information is required')).toBeVisible();
    await text.fill(after);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Announcement updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/informationList$/);
    await expect(page.getByTestId('row').filter({ hasText: after })).toBeVisible();
    await expect(page.getByTestId('row').filter({ hasText: before })).toHaveCount(0);

    await switchTo(page, DEMO.customer);
    await expect(page.getByTestId('announcements').getByText(after)).toBeVisible();
  });
});

test.describe("a new vendor's first day", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Home lists what is left; a step links to where it is done and comes back ticked', async ({ page, baseURL }) => {
    const phone = await registerCustomerApi(baseURL!, `New Shop Owner ${stamp}`);
    const admin = await apiToken(baseURL!, DEMO.admin);
    const users = await call<Array<{ _id: string; phone: string }>>(baseURL!, admin, 'GET', 'users');
    const id = users.find((u) => u.phone === phone)!._id;
    await call(baseURL!, admin, 'PUT', `users/${id}`, { userId: id, role: 'vendor' });

    await signIn(page, phone);
    const list = page.getByTestId('first-day-checklist');
    await expect(list).toBeVisible();
    await expect(list).toContainText('0 of 4 done');
    const step = (name: string) => list.getByTestId('first-day-step').filter({ hasText: name });
    await expect(step('Delivery areas')).toHaveAttribute('data-done', 'false');

    await step('Delivery areas').getByRole('link', { name: 'Delivery areas' }).click();
    await expect(page).toHaveURL(/\/update-profile\?from=home$/);
    const areas = page.getByRole('combobox', { name: 'Delivery areas' });
    await areas.click();
    await areas.fill('Adya');
    await page.getByRole('option', { name: 'Adyar', exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    // back on Home, the step is ticked and the others still wait
    await expect(page).toHaveURL(/\/Home$/);
    await expect(step('Delivery areas')).toHaveAttribute('data-done', 'true');
    await expect(list).toContainText('1 of 4 done');
    await expect(step('Your first products')).toHaveAttribute('data-done', 'false');
    await expect(step('Your first products').getByRole('link')).toHaveAttribute('href', '/createProduct?from=home');
  });
});

test.describe('in Tamil at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

  test('the customer sees the same reference and searches by it', async ({ page, baseURL }) => {
    const customer = await apiToken(baseURL!, DEMO.customer);
    const [order] = await placeOrder(baseURL!, customer, [lineOf(product)], REF_STREET);
    await signInTamil(page, DEMO.customer);
    await page.goto('/my-orders');
    await page.getByRole('searchbox', { name: 'ஆர்டர் / பில் எண்' }).fill(orderRef(order));
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-card').getByText(`ஆர்டர் ${orderRef(order)}`, { exact: true })).toBeVisible();
  });
});
