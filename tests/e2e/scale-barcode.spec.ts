import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DEFAULT_SCALE_LAYOUT, scaleLabelCode, scaleProductCode } from '../../core/scale-barcode';
import { setScaleLayout } from '../support/http-builders';
import { apiToken, DEMO, makeProduct, scan, signIn } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Scale labels at the counter (1280x800): the owner's loose rice (₹68 / kg) has its zero-value scale label
 * as its barcode; a keyboard-wedge scan of the label for 1.250 kg adds a line of 1.25 kg for ₹85.00, and a
 * label with a wrong check digit says so and adds nothing.
 */
const stamp = Date.now().toString(36);
const RICE = `E2E Loose Rice ${stamp}`;
const ITEM = String(Date.now() % 100_000).padStart(5, '0');
const LABEL = scaleLabelCode(DEFAULT_SCALE_LAYOUT, ITEM, 1250);
/** The same label misread: its last digit one off. */
const MISREAD = `${LABEL.slice(0, 12)}${(Number(LABEL[12]) + 1) % 10}`;

test.beforeAll(async ({ baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  await setScaleLayout(baseURL!, vendor, DEFAULT_SCALE_LAYOUT);
  await makeProduct(baseURL!, DEMO.vendor, {
    name: RICE,
    price: 75,
    shopPrice: 68,
    unit: 'kg',
    countInStock: 50,
    barcode: scaleProductCode(DEFAULT_SCALE_LAYOUT, ITEM),
  });
});

test.describe('at the desk', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("a scale label rings up its loose product at the label's weight; a misread one adds nothing", async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.vendor);

    // the owner's Scale labels card reads an example label as the counter will
    await page.goto('/profile');
    const example = page.getByTestId('scale-example');
    await expect(example).toHaveText('2100123012503 → item 00123, 1.250 kg');
    await page.getByLabel('The label carries').selectOption('price');
    await expect(example).toHaveText(/→ item 00123, ₹85\.00$/);

    await page.goto('/order');
    const finder = page.getByTestId('product-finder');
    await expect(finder).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Category 1', exact: true })).toBeEnabled();

    // the scanner types the label and Enter into the focused search box
    await scan(page, LABEL);
    const lines = page.getByTestId('shop-line');
    await expect(lines).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Product 1', exact: true })).toHaveValue(new RegExp(`^${RICE}`));
    const quantity = page.getByLabel('Quantity 1', { exact: true });
    await expect(quantity).toHaveValue('1.25');
    await expect(lines.nth(0).getByTestId('line-total')).toHaveText('Line total: ₹85.00');
    await expect(page.getByTestId('order-total')).toHaveText('Order total: ₹85.00');

    // a misread label, scanned with the cursor in the quantity: the message, and the sale as it was
    await quantity.click();
    await scan(page, MISREAD);
    await expect(page.getByText("This scale label's check digit is wrong: scan it again")).toBeVisible();
    await expect(lines).toHaveCount(1);
    await expect(quantity).toHaveValue('1.25');
    await expect(page.getByTestId('order-total')).toHaveText('Order total: ₹85.00');
  });
});
