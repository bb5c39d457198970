import { expect, type Locator, type Page } from '@playwright/test';
import { MSG } from '../../core/messages';
import { RULE_MSG } from '../../core/rule-messages';
import { RULE_MSG_TA } from '../../core/rule-messages-ta';
import VP_TA from '../../src/locales/ta/vendor-products';
import { test } from './fixtures';
import { apiToken, call, DEMO, signIn, signInTamil } from './helpers';

/**
 * Prices as typed in the product form (refused beside their fields, never rewritten), the GST inside the
 * prices at checkout, and a cart quantity typed past the old list of 10.
 */

/** A field's error is its accessible description (Mantine ties the error text to the input). */
async function expectFieldError(field: Locator, text: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(text);
}

/** Counts the requests a page sends to an API path with a method (to show a refused form sent nothing). */
function countRequests(page: Page, method: string, pathname: string) {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === pathname) seen.count++;
  });
  return seen;
}

const run = Date.now().toString(36).slice(-5);

test.describe('the product form at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('refuses ₹0, "1e9" and a shop price above the MRP beside each field, keeping what was typed', async ({ page }) => {
    const sent = countRequests(page, 'POST', '/api/products');
    await signIn(page, DEMO.vendor);
    await page.goto('/createProduct');
    const mrp = page.getByLabel(/^Price \(MRP\)/);
    const shop = page.getByLabel(/^Shop price/);
    await page.getByLabel(/^Name/).fill(`Price Check Dal ${run}`);
    await mrp.fill('1e9');
    await shop.fill('0');
    await page.getByLabel(/^Count in stock/).fill('40');
    await page.getByLabel(/^Reorder level/).fill('5');
    await page.getByRole('button', { name: 'Create Product' }).click();

    // "1e9" stays as typed (a number box made it 19) and is refused; ₹0 needs the Free mark
    await expect(mrp).toHaveValue('1e9');
    await expectFieldError(mrp, MSG.invalidNumeric);
    await expect(shop).toHaveValue('0');
    await expectFieldError(shop, RULE_MSG.shopPriceZero);

    // ₹1,000,000,000 is named with its field and limit
    await mrp.fill('1000000000');
    await expectFieldError(mrp, RULE_MSG.mrpTooHigh);

    // a shop price above the MRP: the MRP is named
    await mrp.fill('50');
    await shop.fill('80');
    await expect(mrp).not.toHaveAttribute('aria-invalid');
    await expectFieldError(shop, RULE_MSG.shopPriceOverMrp({ mrp: 50 }));
    await shop.fill('45');
    await expect(shop).not.toHaveAttribute('aria-invalid');

    // ticking Free sets the shop price to ₹0 in sight, and ₹0 is then taken
    await page.getByRole('checkbox', { name: /^Free/ }).check();
    await expect(shop).toHaveValue('0');
    await expect(shop).toBeDisabled();
    await expect(shop).not.toHaveAttribute('aria-invalid');
    expect(sent.count).toBe(0);
  });
});

test.describe('the cart and checkout at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('takes a typed quantity of 12, refuses more than the stock, and checkout shows the GST inside the prices', async ({
    page,
    baseURL,
  }) => {
    // a ₹105 product at 5 % GST with 40 in stock, sold by the demo shop that delivers to Adyar
    const token = await apiToken(baseURL!, DEMO.vendor);
    const categories = await call<Array<{ name: string; subcategories: string[] }>>(baseURL!, token, 'GET', 'categories');
    const category = categories.find((c) => c.subcategories.length > 0)!;
    const gsts = await call<Array<{ _id: string; rate: number; isActive: boolean }>>(baseURL!, token, 'GET', 'gsts');
    const gst5 = gsts.find((g) => g.isActive && Number(g.rate) === 5)!;
    const name = `Twelve Jaggery ${run}`;
    const product = await call<{ _id: string }>(baseURL!, token, 'POST', 'products', {
      name,
      Tamil: '',
      description: 'Made by a browser test.',
      price: 110,
      shopPrice: 105,
      countInStock: 40,
      reOrderLevel: 2,
      category: category.name,
      subcategory: category.subcategories[0],
      gst: gst5._id,
      images: ['/icons/icon-192.png'],
      isActive: true,
    });

    await signIn(page, DEMO.customer);
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const qty = page.getByRole('textbox', { name: `Quantity of ${name}` });
    await qty.fill('12');
    await expect(page.getByTestId('line-subtotal')).toHaveText('₹1,260.00');
    await expect(qty).toHaveValue('12');

    // more than the stock: said beside the box, the cart keeps 12 and checkout waits
    await qty.fill('50');
    await expect(qty).toHaveValue('50');
    await expect(qty).toHaveAccessibleDescription('Only 40 in stock');
    await expect(page.getByTestId('line-subtotal')).toHaveText('₹1,260.00');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    // pieces are whole: "2.5" stays as typed and is refused, never read as 25
    await qty.fill('2.5');
    await expect(qty).toHaveValue('2.5');
    await expect(qty).toHaveAccessibleDescription(RULE_MSG.quantityWhole({ name, unit: 'pcs' }));
    await expect(page.getByTestId('line-subtotal')).toHaveText('₹1,260.00');
    // the plus button steps from what the cart holds
    await qty.fill('11');
    await page.getByRole('button', { name: `One more ${name}` }).click();
    await expect(qty).toHaveValue('12');
    await expect(page.getByTestId('line-subtotal')).toHaveText('₹1,260.00');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

    await expect(page).toHaveURL(/\/shipping$/);
    await page.getByTestId('saved-address').filter({ hasText: 'Adyar' }).first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    // ₹1,260 less the ₹30 delivery discount is ₹1,230 charged; its 5 % GST inside: 2 x ₹29.29 (half-up per half)
    await expect(page.getByTestId('summary-total')).toHaveText('₹1,230.00');
    await expect(page.getByText('includes GST ₹58.58')).toBeVisible();
  });

  test('a product the vendor gives away shows as Free, its MRP struck through and no badge', async ({ page, baseURL }) => {
    const token = await apiToken(baseURL!, DEMO.vendor);
    const categories = await call<Array<{ name: string; subcategories: string[] }>>(baseURL!, token, 'GET', 'categories');
    const category = categories.find((c) => c.subcategories.length > 0)!;
    const gsts = await call<Array<{ _id: string; isActive: boolean }>>(baseURL!, token, 'GET', 'gsts');
    const product = await call<{ _id: string }>(baseURL!, token, 'POST', 'products', {
      name: `Free Sample Sachet ${run}`,
      price: 10,
      shopPrice: 0,
      isFree: true,
      countInStock: 40,
      reOrderLevel: 2,
      category: category.name,
      subcategory: category.subcategories[0],
      gst: gsts.find((g) => g.isActive)!._id,
      images: ['/icons/icon-192.png'],
    });
    await signIn(page, DEMO.customer);
    await page.goto(`/product/${product._id}`);
    const price = page.getByTestId('price');
    await expect(price).toContainText('Free');
    await expect(price).toContainText('₹10.00');
    await expect(price).not.toContainText('₹0.00');
    await expect(price).not.toContainText('% Off');
  });
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });

  test('the product form names a shop price above the MRP in Tamil', async ({ page }) => {
    await signInTamil(page, DEMO.vendor);
    await page.goto('/createProduct');
    const shop = page.getByLabel(new RegExp(`^${VP_TA.shopPrice}`));
    await page.getByLabel(new RegExp(`^${VP_TA.priceMrp.replace(/[()]/g, '\\$&')}`)).fill('50');
    await shop.fill('80');
    await page.getByRole('button', { name: VP_TA.createProduct }).click();
    await expectFieldError(shop, RULE_MSG_TA.shopPriceOverMrp({ mrp: 50 }));
  });
});
