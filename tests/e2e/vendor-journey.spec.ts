import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, choose, DEMO, signIn } from './helpers';

// Two distinct 1x1 PNGs (fixed bytes): red and blue.
const PNG_RED = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4IScHAAK2AQU0pnWqAAAAAElFTkSuQmCC';
const PNG_BLUE = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOQqzgBAAIWAV+8KCb8AAAAAElFTkSuQmCC';

const stamp = Date.now().toString(36);
const CATEGORY = `E2E Counter ${stamp}`;
const SUB_A = 'Alpha Goods';
const SUB_B = 'Beta Goods';
const GST = `E2E GST 5% ${stamp}`;
const PRODUCT_A = `E2E Ponni Rice ${stamp}`;
const PRODUCT_B = `E2E Toor Dal ${stamp}`;

/** Local date as YYYY-MM-DD, the value of an <input type="date">. */
/** The shop's day (India time), as the order filters read dates: the machine's own date differs after 18:30 UTC. */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

test.beforeAll(async ({ baseURL }) => {
  // Arrange what the journey needs: a category with two subcategories, a GST record, and a second product.
  const admin = await apiToken(baseURL!, DEMO.admin);
  await call(baseURL!, admin, 'POST', 'categories', { name: CATEGORY, subcategories: [SUB_A, SUB_B] });
  const gst = await call<{ _id: string }>(baseURL!, admin, 'POST', 'gsts', { name: GST, rate: 5, hsnCode: '1006' });

  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(PNG_BLUE, 'base64')], { type: 'image/png' }), 'dal.png');
  const { secure_url } = await call<{ secure_url: string }>(baseURL!, vendor, 'POST', 'uploads', form);
  await call(baseURL!, vendor, 'POST', 'products', {
    name: PRODUCT_B,
    Tamil: 'துவரம் பருப்பு',
    description: 'Toor dal for the counter test',
    price: 60,
    shopPrice: 50,
    countInStock: 30,
    reOrderLevel: 5,
    category: CATEGORY,
    subcategory: SUB_B,
    gst: gst._id,
    images: [secure_url],
    isActive: true,
  });
});

test('vendor creates a product, rings up a walk-in sale, delivers it and finds it in Vendor Orders', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-e2e-'));
  const red = path.join(dir, 'rice-front.png');
  const blue = path.join(dir, 'rice-back.png');
  fs.writeFileSync(red, Buffer.from(PNG_RED, 'base64'));
  fs.writeFileSync(blue, Buffer.from(PNG_BLUE, 'base64'));

  await signIn(page, DEMO.vendor);

  // --- Create a product with two images
  await page.goto('/createProduct');
  await expect(page.getByRole('heading', { name: 'Create Product' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Product' }).click();
  // each blank required field says so beside itself
  await expect(page.getByLabel(/^Name/)).toHaveAccessibleDescription('Please fill in all required fields.');
  await expect(page.getByLabel(/^Price \(MRP\)/)).toHaveAccessibleDescription('Please fill in all required fields.');
  await expect(page.getByRole('combobox', { name: 'GST', exact: true })).toHaveAccessibleDescription('Please fill in all required fields.');
  await expect(page.getByText('At least one image is required')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();

  await page.getByLabel(/^Name/).fill(PRODUCT_A);
  await page.getByLabel(/^Tamil name/).fill('பொன்னி அரிசி');
  await page.getByLabel(/^Description/).fill('Aged ponni rice, 1 kg');
  await page.getByLabel(/^Price \(MRP\)/).fill('120');
  await page.getByLabel(/^Shop price/).fill('100');
  await page.getByLabel(/^Discount per unit/).fill('10');
  await page.getByLabel(/^Count in stock/).fill('40');
  await page.getByLabel(/^Reorder level/).fill('5');
  await choose(page, 'Category', CATEGORY);
  await choose(page, 'Subcategory', SUB_A);
  await choose(page, 'GST', GST);
  await page.locator('input[type="file"]').setInputFiles([red, blue]);
  await expect(page.getByTestId('uploaded-image')).toHaveCount(2);
  // a thumbnail can be removed before submitting, and added again
  await page.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(page.getByTestId('uploaded-image')).toHaveCount(1);
  await page.locator('input[type="file"]').setInputFiles([blue]);
  await expect(page.getByTestId('uploaded-image')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/productList$/);

  // --- Find it in Your Products by search
  await expect(page.getByRole('heading', { name: 'Your Products' })).toBeVisible();
  await page.getByLabel(/^Search/).fill(PRODUCT_A);
  const card = page.getByTestId('product-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(PRODUCT_A);
  await expect(card).toContainText('பொன்னி அரிசி');
  // the badge rule (core discountBadge): ₹90 paid for ₹120 MRP is 25 % off
  await expect(card).toContainText('25% Off');
  await expect(card).toContainText('₹100.00');
  await expect(card).toContainText(GST);
  await expect(card).not.toContainText('Low Stock');

  // --- Ring up a two-line walk-in sale
  await page.goto('/order');
  await expect(page.getByRole('heading', { name: 'Create sales order' })).toBeVisible();
  // to deliver later: it stays Pending as the spec has it (handed over now would be Delivered at once)
  await page.getByText('Deliver later', { exact: true }).click();
  await expect(page.getByLabel(/^Address/)).not.toHaveValue('');
  await choose(page, 'Category 1', CATEGORY);
  await choose(page, 'Subcategory 1', SUB_A);
  await choose(page, 'Product 1', new RegExp(`^${PRODUCT_A}`));
  await page.getByLabel('Quantity 1', { exact: true }).fill('2');
  await expect(page.getByTestId('shop-line').nth(0).getByTestId('line-total')).toHaveText('Line total: ₹180.00');

  await page.getByRole('button', { name: '+ Add item' }).click();
  await choose(page, 'Category 2', CATEGORY);
  await choose(page, 'Subcategory 2', SUB_A);
  await choose(page, 'Product 2', new RegExp(`^${PRODUCT_A}`));
  await expect(page.getByText('Duplicate product selected')).toBeVisible();
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Duplicate products detected.' })).toBeVisible();

  await choose(page, 'Subcategory 2', SUB_B);
  await expect(page.getByText('Duplicate product selected')).toHaveCount(0);
  await choose(page, 'Product 2', new RegExp(`^${PRODUCT_B}`));
  await expect(page.getByTestId('shop-line').nth(1).getByTestId('line-total')).toHaveText('Line total: ₹50.00');
  await expect(page.getByTestId('order-total')).toHaveText('Order total: ₹230.00');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Order created successfully!')).toBeVisible();

  // --- See it in Pending Orders and open it: the counter stays ready for the next sale
  await expect(page.getByTestId('last-sale')).toContainText('₹230.00');
  await page.goto('/PendingOrders');
  const pending = page.getByTestId('pending-order').filter({ hasText: PRODUCT_A });
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('Walk-in customer');
  await expect(pending).toContainText(PRODUCT_B);
  await expect(pending).toContainText('₹230.00');
  await pending.getByRole('link', { name: 'View Details' }).click();

  await expect(page).toHaveURL(/\/vendor\/orders\/[0-9a-f-]{36}$/);
  // the order's one reference: its invoice number once it has one, else "#<order number>"
  const heading = page.getByRole('heading', { name: /^Order (#\d+|[A-Z0-9]+\/\d{2}\/\d{6})$/ });
  await expect(heading).toBeVisible();
  const ref = (await heading.textContent())!.replace(/^Order /, '');
  await expect(page.getByTestId('delivery-status')).toHaveText('Not Delivered');
  await expect(page.getByTestId('order-item')).toHaveCount(2);
  await expect(page.getByTestId('order-total')).toHaveText('₹230.00');
  await expect(page.getByRole('button', { name: 'Delete Order' })).toBeVisible();

  // --- Mark Delivered
  await page.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(page.getByText('Order marked as delivered.')).toBeVisible();
  await expect(page.getByTestId('delivery-status')).toHaveText('Delivered');
  await expect(page.getByRole('button', { name: 'Mark Delivered' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);

  // --- No longer pending; listed in Vendor Orders for today
  await page.goto('/PendingOrders');
  await expect(page.getByRole('heading', { name: 'Pending Orders' })).toBeVisible();
  await expect(page.getByTestId('pending-order').filter({ hasText: PRODUCT_A })).toHaveCount(0);

  await page.goto('/vendorOrdersList');
  await expect(page.getByRole('heading', { name: 'Vendor Orders' })).toBeVisible();
  await page.getByLabel(/^Start date/).fill(today());
  await page.getByLabel(/^End date/).fill(today());
  const row = page.getByTestId('vendor-order-row').filter({ hasText: ref });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${PRODUCT_A} - ₹100.00 x 2`);
  await expect(row).toContainText(`${PRODUCT_B} - ₹50.00 x 1`);
  await expect(row).toContainText('₹230.00');
  await expect(row).toContainText('Walk-in customer');

  fs.rmSync(dir, { recursive: true, force: true });
});
