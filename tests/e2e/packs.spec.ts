import { expect } from '@playwright/test';
import { test } from './fixtures';
import { istDayOf } from '../../core/sale-void';
import { addToSale, apiToken, call, DEMO, makeProduct, scan, signIn } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Packs at the counter (1280x800): rice kept in kg with a 25 kg bag, two bags bought on a supplier's bill
 * (through the API). A scan of the bag's barcode puts a bag on the bill at the bag's price; the line
 * switched to kg sells 12.5 kg loose; the product list then shows the stock as "1 bag 12.5 kg".
 */
const stamp = Date.now().toString(36);
const RICE = `E2E Bag Rice ${stamp}`;
const BAG = `BAG${stamp}`.toUpperCase();

test.beforeAll(async ({ baseURL }) => {
  const { _id } = await makeProduct(baseURL!, DEMO.vendor, {
    name: RICE,
    price: 50,
    shopPrice: 48,
    unit: 'kg',
    countInStock: 0,
    packs: [{ name: 'bag', factor: 25, barcode: BAG }],
  });
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  await call(baseURL!, vendor, 'POST', 'purchases', {
    supplier: { name: 'E2E Pack Supplier' },
    billNumber: `E2E-${stamp}`,
    billDate: istDayOf(new Date()),
    lines: [{ productId: _id, quantity: 2, unitCost: 1100, gstRate: 5, pack: 'bag' }],
  });
});

test.describe('at the desk', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("a bag's barcode sells a bag; the line switched to kg sells loose; stock shows as bags and kg", async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.vendor);
    await page.goto('/order');
    await expect(page.getByTestId('product-finder')).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Category 1', exact: true })).toBeEnabled();

    await scan(page, BAG);
    const line = page.getByTestId('shop-line');
    await expect(line).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Sold in, item 1', exact: true })).toHaveValue('bag of 25 kg');
    await expect(line.getByTestId('line-total')).toHaveText('Line total: ₹1,200.00');

    // the same line sold loose, by the kg
    await page.getByRole('combobox', { name: 'Sold in, item 1', exact: true }).click();
    await page.getByRole('option', { name: 'kg', exact: true }).click();
    await page.getByLabel('Quantity 1', { exact: true }).fill('12.5');
    await expect(line.getByTestId('line-total')).toHaveText('Line total: ₹600.00');
    await page.getByRole('button', { name: 'Create Order' }).click();
    await expect(page.getByTestId('last-sale')).toBeVisible();

    await page.goto('/productList');
    await expect(page.getByTestId('product-card').filter({ hasText: RICE }).getByTestId('product-stock')).toHaveText('1 bag 12.5 kg');
  });

  test('two bags and 12.5 kg loose of the same rice are two lines; a line switched to the bag joins the bags', async ({ page }) => {
    await signIn(page, DEMO.vendor);
    await page.goto('/order');
    await expect(page.getByTestId('product-finder')).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Category 1', exact: true })).toBeEnabled();

    await scan(page, BAG);
    await scan(page, BAG);
    const lines = page.getByTestId('shop-line');
    await expect(lines).toHaveCount(1);
    await expect(page.getByLabel('Quantity 1', { exact: true })).toHaveValue('2');
    await expect(lines.nth(0).getByTestId('line-total')).toHaveText('Line total: ₹2,400.00');

    // picked in the finder: the rice by the kg, on a line of its own
    await addToSale(page, RICE);
    await expect(lines).toHaveCount(2);
    await expect(page.getByRole('combobox', { name: 'Sold in, item 2', exact: true })).toHaveValue('kg');
    await page.getByLabel('Quantity 2', { exact: true }).fill('12.5');
    await expect(lines.nth(1).getByTestId('line-total')).toHaveText('Line total: ₹600.00');
    await expect(page.getByTestId('order-total')).toContainText('₹3,000.00');
    await expect(page.getByText('Duplicate product selected')).toHaveCount(0);

    // the loose line switched to the bag: one more bag on the bags' line
    await page.getByRole('combobox', { name: 'Sold in, item 2', exact: true }).click();
    await page.getByRole('option', { name: 'bag of 25 kg', exact: true }).click();
    await expect(lines).toHaveCount(1);
    await expect(page.getByLabel('Quantity 1', { exact: true })).toHaveValue('3');
    await expect(page.getByTestId('order-total')).toContainText('₹3,600.00');
  });
});
