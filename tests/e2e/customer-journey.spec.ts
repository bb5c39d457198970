import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, makeProduct, signIn } from './helpers';

/**
 * The customer journey: category → subcategory → product → cart, a second vendor's product
 * found by search, shipping with a new address, one checkout that becomes one order per vendor,
 * and My Orders listing both. The test makes its own products (one per demo vendor) through the API.
 */

const run = Date.now().toString(36).slice(-5);

/** Opens a product card in the subcategory list, pressing Load More until it appears. */
async function openCard(page: Page, name: string) {
  const cards = page.getByTestId('product-card');
  const card = cards.filter({ hasText: name });
  for (let i = 0; i < 30; i++) {
    await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
    if ((await card.count()) > 0) break;
    const shown = await cards.count();
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(cards).not.toHaveCount(shown);
  }
  await card.click();
}

test('a customer shops from two vendors in one checkout and sees both orders', async ({ page, baseURL }) => {
  // each demo vendor gets a product of its own; the API answer tells which vendor owns which
  const first = await makeProduct(baseURL!, DEMO.vendor, {
    name: `Journey Turmeric ${run}`,
    Tamil: `மஞ்சள் தூள் ${run}`,
    price: 300,
    shopPrice: 250,
    discount: 20,
  });
  const second = await makeProduct(baseURL!, DEMO.kaveri, {
    name: `Journey Jaggery ${run}`,
    Tamil: `வெல்லம் ${run}`,
    price: 600,
    shopPrice: 550,
    discount: 0,
  });
  const customerToken = await apiToken(baseURL!, DEMO.customer);
  const detail = await call<{ vendorId: string; vendorName: string }>(baseURL!, customerToken, 'GET', `products/${second._id}`);
  const firstDetail = await call<{ vendorId: string; vendorName: string }>(baseURL!, customerToken, 'GET', `products/${first._id}`);
  expect(detail.vendorId).not.toBe(firstDetail.vendorId);
  const ordersBefore = (await call<unknown[]>(baseURL!, customerToken, 'GET', 'Orders/my')).length;

  await signIn(page, DEMO.customer);

  // category → subcategory → product
  await page.goto('/user-categories');
  await expect(page.getByRole('heading', { name: 'Choose a Category' })).toBeVisible();
  await page.getByRole('link', { name: first.category, exact: true }).click();
  await expect(page).toHaveURL(/\/subcategory\//);
  await page.getByRole('link', { name: first.subcategory, exact: true }).click();
  await expect(page).toHaveURL(/\/productlist\//);
  await openCard(page, first.name);

  await expect(page.getByRole('heading', { name: `${first.Tamil} - ${first.name}` })).toBeVisible();
  await expect(page.getByText('Special Offer')).toBeVisible();
  await expect(page.getByText('Yes(40)')).toBeVisible();
  await page.getByRole('combobox', { name: 'Quantity' }).selectOption('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  // (250 - 20) x 2
  await expect(page.getByTestId('cart-item').getByTestId('line-subtotal')).toHaveText('₹460.00');

  // the second vendor's product, found by search
  // Add More Items goes back to where the customer was shopping: the subcategory list
  await page.getByRole('link', { name: 'Add More Items' }).click();
  await expect(page).toHaveURL(/\/productlist\//);
  await page.getByRole('link', { name: 'Categories', exact: true }).click();
  await expect(page).toHaveURL(/\/user-categories$/);
  await page.getByRole('textbox', { name: 'Search products' }).fill(second.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/product-search\?keyword=/);
  await page.getByTestId('product-card').filter({ hasText: second.name }).click();
  await expect(page.getByRole('heading', { name: `${second.Tamil} - ${second.name}` })).toBeVisible();
  await expect(page.getByText(detail.vendorName)).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  // cart: two lines, 3 items, 460 + 550 = 1010 and 40 discount
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  await expect(page.getByTestId('summary-total')).toHaveText('₹1,010.00');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  // shipping with a new address; the form refuses a missing area first
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByRole('button', { name: 'Use a new address' }).click();
  await page.getByRole('textbox', { name: 'Address' }).fill(`${run} Journey Street`);
  await page.getByRole('textbox', { name: 'City' }).fill('Chennai');
  await page.getByRole('textbox', { name: 'Pincode' }).fill('600020');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('9876500003');
  await page.getByRole('button', { name: 'Continue' }).click();
  // the spec's toast, and the area named beside its field
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill out all fields including area.' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Area' })).toHaveAccessibleDescription('Please fill out all fields including area.');
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Adyar', exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // review: 1010 items, 40 discount, delivery discount 30 (1000 to under 2000) shared 13.66 / 16.34 over the
  // two vendors' orders, each then rounded down to a whole rupee (446.34 -> 446, 533.66 -> 533): 31, total 979
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByTestId('shipping-address')).toContainText(`${run} Journey Street`);
  await expect(page.getByTestId('order-item')).toHaveCount(2);
  // whole product names (their pack sizes in them), never cut to a line; and how the customer will pay
  for (const link of await page.getByTestId('order-item').getByRole('link').all()) {
    expect(await link.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('none');
  }
  await expect(page.getByTestId('payment-method')).toHaveText('Cash on delivery: pay when your order arrives.');
  await expect(page.getByText('₹40.00')).toBeVisible();
  await expect(page.getByText('₹31.00')).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText('₹979.00');
  await page.getByRole('button', { name: 'Place Order' }).click();

  // one order per vendor
  await expect(page).toHaveURL(/\/orders-summary$/);
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(2);
  // each order's one reference (core/order-ref): a pending unpaid order has no invoice yet, so "#<order number>"
  const shortIds = (await cards.locator('p', { hasText: /^Order #\d+$/ }).allTextContents()).map((t) => t.replace('Order ', '').trim());
  expect(shortIds).toHaveLength(2);
  await expect(page.getByText('Vendor:')).toHaveCount(2);

  // the saved address was stored on the account
  const me = await call<{ addresses: Array<{ address: string; area: string }> }>(baseURL!, customerToken, 'GET', 'users/profile');
  expect(me.addresses.some((a) => a.address === `${run} Journey Street` && a.area === 'Adyar')).toBe(true);

  // My Orders lists both
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByTestId('order-card')).toHaveCount(ordersBefore + 2);
  for (const id of shortIds)
    await expect(page.getByTestId('order-card').filter({ has: page.getByText(`Order ${id}`, { exact: true }) })).toBeVisible();

  // and one opens with the address, including the area
  await page
    .getByTestId('order-card')
    .filter({ has: page.getByText(`Order ${shortIds[0]}`, { exact: true }) })
    .getByRole('link', { name: 'View Order' })
    .click();
  await expect(page).toHaveURL(/\/userOrder\//);
  await expect(page.getByText(`${run} Journey Street, Chennai, 600020, Adyar`)).toBeVisible();
});

test('a search by a Tamil word finds the product', async ({ page, baseURL }) => {
  const made = await makeProduct(baseURL!, DEMO.kaveri, {
    name: `Journey Gingelly Oil ${run}`,
    Tamil: `நல்லெண்ணெய் ${run}`,
    price: 400,
    shopPrice: 380,
    discount: 0,
  });
  await signIn(page, DEMO.customer);
  await page.goto('/product-search');
  await page.getByRole('textbox', { name: 'Keyword' }).fill('நல்லெண்ணெய்');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/keyword=/);
  const card = page.getByTestId('product-card').filter({ hasText: made.name });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/product/${made._id}$`));
  await expect(page.getByRole('heading', { name: `${made.Tamil} - ${made.name}` })).toBeVisible();
});
