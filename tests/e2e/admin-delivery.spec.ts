import { expect } from '@playwright/test';
import type { SearchResponse } from '../../core/schemas/product';
import { test } from './fixtures';
import { apiToken, call, DEMO, makeProduct, signIn, switchTo } from './helpers';
import { lineOf, placeOrder } from '../support/http-builders';

const stamp = Date.now().toString(36);

test('the admin creates a category and an announcement; a customer sees the announcement on Home', async ({ page }) => {
  const category = `E2E Millets ${stamp}`;
  const info = `Temple festival on Friday: shops close at 6 pm (${stamp})`;
  await signIn(page, DEMO.admin);

  await page.goto('/create-category');
  await expect(page.getByRole('heading', { name: 'Create Category' })).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel(/^Name/).fill(category);
  await page.getByLabel('Subcategories', { exact: true }).fill(' Kambu, Ragi ,, Thinai ,');
  await expect(page.getByText('3 subcategories')).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Category created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/categories$/);
  const row = page.getByTestId('row').filter({ hasText: category });
  await expect(row).toBeVisible();
  for (const s of ['Kambu', 'Ragi', 'Thinai']) await expect(row.getByText(s, { exact: true })).toBeVisible();

  // the same name again: the server's 400 message is shown and nothing is added
  await page.goto('/create-category');
  await page.getByLabel(/^Name/).fill(category.toUpperCase());
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/already exists/)).toBeVisible();
  await expect(page).toHaveURL(/\/create-category$/);

  await page.goto('/information');
  await expect(page.getByRole('heading', { name: 'Create New Information' })).toBeVisible();
  await page.getByLabel('Information').fill(info);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Information created.')).toBeVisible();
  await expect(page).toHaveURL(/\/informationList$/);
  await expect(page.getByTestId('row').filter({ hasText: info })).toBeVisible();

  // a second one is deleted through the confirm dialog
  const doomed = `Wrong notice ${stamp}`;
  await page.goto('/information');
  await page.getByLabel('Information').fill(doomed);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('row').filter({ hasText: doomed })).toBeVisible();
  await page.getByTestId('row').filter({ hasText: doomed }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this information?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('row').filter({ hasText: doomed })).toHaveCount(0);

  await switchTo(page, DEMO.customer);
  await expect(page.getByTestId('announcements').getByText(info)).toBeVisible();
  await expect(page.getByTestId('announcements').getByText(doomed)).toHaveCount(0);
  // the customer sees the category list read-only
  await page.goto('/category');
  await expect(page.getByTestId('row').filter({ hasText: category })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('the admin deactivates a vendor: its products vanish from the customer search until reactivated', async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!, DEMO.admin);
  const name = `Kavuni Rice E2E ${stamp}`;
  await makeProduct(baseURL!, DEMO.kaveri, { name, Tamil: 'கவுனி அரிசி', price: 180, shopPrice: 160, countInStock: 20 });
  const vendors = await call<Array<{ _id: string; phone: string }>>(baseURL!, admin, 'GET', 'users/vendors');
  const kaveriId = vendors.find((v) => v.phone === DEMO.kaveri)!._id;

  try {
    await signIn(page, DEMO.customer);
    await page.goto(`/product-search?keyword=${encodeURIComponent(name)}`);
    await expect(page.getByText(name).first()).toBeVisible();

    await switchTo(page, DEMO.admin);
    await page.goto('/toggleCard');
    const toggle = page.getByRole('switch', { name: 'Kaveri Organics active' });
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    // switching off asks first (the shop and how many products it hides)
    await page.getByRole('dialog').getByRole('button', { name: 'Switch off' }).click();
    await expect(page.getByText('Vendor status updated successfully')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Kaveri Organics active' })).not.toBeChecked();

    await switchTo(page, DEMO.customer);
    await page.goto(`/product-search?keyword=${encodeURIComponent(name)}`);
    await expect(page.getByText('No products found.')).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);

    await switchTo(page, DEMO.admin);
    await page.goto('/toggleCard');
    await page.getByRole('switch', { name: 'Kaveri Organics active' }).click({ force: true });
    await expect(page.getByText('Vendor status updated successfully')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Kaveri Organics active' })).toBeChecked();

    await switchTo(page, DEMO.customer);
    await page.goto(`/product-search?keyword=${encodeURIComponent(name)}`);
    await expect(page.getByText(name).first()).toBeVisible();
  } finally {
    await call(baseURL!, admin, 'PUT', `products/${kaveriId}/toggle-status`, { isActive: true });
  }
});

test('delivery picks an area on Home, opens an order, marks it delivered and it leaves the list', async ({ page, baseURL }) => {
  const customer = await apiToken(baseURL!, DEMO.customer);
  const area = 'Tambaram';
  const found = await call<SearchResponse>(baseURL!, customer, 'GET', `products/search?pageSize=20&area=${area}`);
  const p = found.products.find((x) => x.countInStock > 5)!;
  const [order] = await placeOrder(baseURL!, customer, [lineOf(p, 2)], { address: `${stamp} GST Road`, pincode: '600045', area });

  await signIn(page, DEMO.delivery);
  await page
    .getByTestId('area-picker')
    .getByRole('link', { name: new RegExp(`^${area}, \\d+ pending$`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders-by-area/${area}$`));
  await expect(page.getByRole('heading', { name: `Pending Orders for ${area}` })).toBeVisible();
  const card = page.getByTestId('area-order').filter({ hasText: `Order #${order.orderNumber} ` });
  await expect(card).toBeVisible();
  await expect(card.getByText(`${stamp} GST Road`, { exact: false })).toBeVisible();
  await expect(card.getByText('Lakshmi Priya')).toBeVisible();
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendor/orders/${order._id}$`));
  // the order page, not the area list (whose cards have Mark Delivered too) while the page loads
  await expect(page.getByTestId('delivery-status')).toHaveText('Not Delivered');
  await page.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(page.getByText('Order marked as delivered.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Delivered' })).toHaveCount(0);

  await page.goto(`/orders-by-area/${area}`);
  await expect(page.getByRole('heading', { name: `Pending Orders for ${area}` })).toBeVisible();
  await expect(page.getByTestId('area-order').filter({ hasText: `Order #${order.orderNumber} ` })).toHaveCount(0);
});

test('a list that cannot load says so with the spec message, and Retry loads it', async ({ page }) => {
  await signIn(page, DEMO.admin);
  // the network drops the first request for the list (the screen has no saved copy yet)
  await page.route('**/api/categories', (r) => r.abort('internetdisconnected'), { times: 1 });
  await page.goto('/categories');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch categories.' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  // at phone size the rows are cards
  await expect(page.getByRole('list', { name: 'Categories' }).getByText('Groceries · மளிகை', { exact: true })).toBeVisible();
});
