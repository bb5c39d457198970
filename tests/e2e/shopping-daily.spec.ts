import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductDto, SearchResponse } from '../../core/schemas/product';
import { apiToken, call, DEMO, signIn } from './helpers';
import { lineOf, placeOrder } from '../support/http-builders';

/**
 * Shopping in daily use, on a phone (390 x 844): ten items into the cart from the lists in few taps,
 * cards that add with a stepper and mark what is sold out, Back that restores a list's filters,
 * pages and scroll position, a new screen that starts at the top, and a customer who deletes a
 * pending order. The demo data's Fresh Vegetables (28 loose vegetables of Murugan Stores, some sold
 * out) is the long list.
 */

const VEGETABLES = '/productlist/Fresh%20Vegetables';

/** Counts the customer's taps: every click a test makes on the way goes through here. */
function tapCounter(page: Page) {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps++;
      await target.click();
    },
    get count() {
      return taps;
    },
    page,
  };
}

const cartBadge = (page: Page, n: number) => page.getByRole('link', { name: `Cart, ${n} items`, exact: true });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Waits two frames: by then the browser has sent the scroll events of any scrolling before, and the app has answered them. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Presses Load More until `name`'s card is on the list. */
async function loadUntil(page: Page, name: string): Promise<Locator> {
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('link', { name, exact: false }) });
  for (let i = 0; i < 5 && (await card.count()) === 0; i++) {
    const shown = await page.getByTestId('product-card').count();
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(page.getByTestId('product-card')).not.toHaveCount(shown);
  }
  await expect(card).toHaveCount(1);
  return card;
}

test('ten items go into the cart from the lists in no more than 25 taps', async ({ page }) => {
  await signIn(page, DEMO.customer);
  const t = tapCounter(page);
  await t.tap(page.getByRole('main').getByRole('link', { name: 'Shop by Category', exact: true }));
  await t.tap(page.getByRole('link', { name: 'Vegetables & Fruits', exact: true }));
  await t.tap(page.getByRole('link', { name: 'Fresh Vegetables', exact: true }));
  await expect(page).toHaveURL(/\/productlist\/Fresh%20Vegetables$/);

  // each Add puts one in the cart and keeps the customer on the list
  const addable = page.getByTestId('card-add');
  for (let i = 0; i < 10; i++) {
    if ((await addable.count()) === 0) await t.tap(page.getByRole('button', { name: 'Load More' }));
    await t.tap(addable.first());
    await expect(cartBadge(page, i + 1)).toBeVisible();
  }
  await expect(page).toHaveURL(/\/productlist\/Fresh%20Vegetables/);
  await expect(page.getByTestId('card-stepper')).toHaveCount(10);

  await t.tap(cartBadge(page, 10));
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(10);
  expect(t.count, 'taps from Home to a cart of ten').toBeLessThanOrEqual(25);
});

test("a card's stepper changes the quantity in the cart and the header badge; sold-out products are marked", async ({ page }) => {
  await signIn(page, DEMO.customer);
  await page.goto(VEGETABLES);
  const okra = await loadUntil(page, "Lady's Finger (loose)");
  // low on stock: says how much is left
  await expect(okra.getByText(/^Only 2\.5 kg left$/)).toBeVisible();
  await okra.getByRole('button', { name: "Add Lady's Finger (loose) to cart" }).click();
  await expect(okra.getByTestId('card-qty')).toHaveText('1 kg in cart');
  await expect(cartBadge(page, 1)).toBeVisible();
  // loose goods step by a quarter kilo, and never past the stock
  await okra.getByRole('button', { name: "One more Lady's Finger (loose)" }).click();
  await expect(okra.getByTestId('card-qty')).toHaveText('1.25 kg in cart');
  for (let i = 0; i < 6; i++) {
    const more = okra.getByRole('button', { name: "One more Lady's Finger (loose)" });
    if (await more.isDisabled()) break;
    await more.click();
  }
  await expect(okra.getByTestId('card-qty')).toHaveText('2.5 kg in cart');
  await expect(okra.getByRole('button', { name: "One more Lady's Finger (loose)" })).toBeDisabled();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!).state.cartItems[0].qty)).toBe(2.5);
  // down to nothing removes it
  for (let i = 0; i < 20 && (await okra.getByTestId('card-stepper').count()) > 0; i++) {
    await okra.getByRole('button', { name: /^(One less|Remove) Lady's Finger \(loose\)/ }).click();
  }
  await expect(okra.getByRole('button', { name: "Add Lady's Finger (loose) to cart" })).toBeVisible();
  await expect(cartBadge(page, 0)).toBeVisible();

  // sold out: marked on the card, nothing to add
  const brinjal = await loadUntil(page, 'Green Brinjal (loose)');
  await expect(brinjal.getByTestId('out-of-stock')).toHaveText('Out of Stock');
  await expect(brinjal.getByTestId('card-add')).toHaveCount(0);
  await expect(brinjal.getByRole('button')).toHaveCount(0);
  await expect(page.locator('[data-testid="product-card"][data-out-of-stock]')).not.toHaveCount(0);

  // the whole card opens the product; its Add to Cart still goes to the cart
  const cards = page.getByTestId('product-card');
  const height = (await cards.first().boundingBox())!.height;
  expect(height * 3, 'three cards fit on the phone screen below the header').toBeLessThanOrEqual(844 - 56);
});

test('Back to a list restores its filters, pages and scroll position; a new screen starts at the top', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await page.goto(VEGETABLES);
  await expect(page.getByText(/^Showing 10 of \d+$/)).toBeVisible();

  // filters: in stock only (folded away on a phone), cheapest first (kept in the address bar)
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('checkbox', { name: 'In stock only' }).check();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: Low to High' }).click();
  await expect(page).toHaveURL(/inStock=1/);
  await expect(page).toHaveURL(/sort=lowToHigh/);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible();
  const total = Number((await page.getByTestId('showing').textContent())!.match(/of (\d+)/)![1]);
  // the in-stock filter leaves the sold-out ones out
  await expect(page.locator('[data-testid="product-card"][data-out-of-stock]')).toHaveCount(0);

  // scroll to a card of the second page and open it
  const card = page.getByTestId('product-card').nth(15);
  await card.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 120));
  // the list's position is saved for Back as the scroll events arrive
  await nextFrames(page);
  expect(await scrollY(page)).toBeGreaterThan(800);
  // where the card is on the screen (a "saved at" note above the list may come and go: the screen's content is what counts)
  const before = Math.round((await card.boundingBox())!.y);
  const name = (await card.getByRole('link').textContent())!;
  // a tap where the card is (Playwright's click would first scroll the link to a spot of its choosing)
  await card.getByRole('link').dispatchEvent('click');
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  expect(await scrollY(page), 'the product page opens at the top').toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/productlist\/Fresh%20Vegetables\?.*page=2/);
  await expect(page.getByText(`Showing 20 of ${total}`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Price: Low to High');
  const again = page.getByTestId('product-card').nth(15);
  await expect(again.getByRole('link')).toHaveText(name);
  await expect.poll(async () => Math.abs(Math.round((await again.boundingBox())!.y) - before)).toBeLessThanOrEqual(40);
  expect(await scrollY(page)).toBeGreaterThan(800);

  // the cart opens at the top, and Add More Items comes back to this list
  await page.getByTestId('card-add').first().click();
  await cartBadge(page, 1).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect.poll(() => scrollY(page), { message: 'the cart opens at the top' }).toBe(0);
  await page.getByRole('link', { name: 'Add More Items' }).click();
  await expect(page).toHaveURL(/\/productlist\/Fresh%20Vegetables\?.*inStock=1.*sort=lowToHigh.*page=2/);
  await expect(page.getByText(`Showing 20 of ${total}`)).toBeVisible();
});

test('a page loaded from the address bar starts at the top, whatever the page loaded before was scrolled to', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await page.goto(VEGETABLES);
  await expect(page.getByText(/^Showing 10 of \d+$/)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(800);
  await page.goto('/product-search?keyword=rice');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // once the results make the page scrollable, a position carried over from the last page would show within a frame
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(0);
  await nextFrames(page);
  expect(await scrollY(page)).toBe(0);
});

test('a search keeps its keyword, sort and page in the address bar for Back', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await page.goto('/product-search');
  await page.getByRole('textbox', { name: 'Keyword' }).fill('loose');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'High to Low' }).click();
  await expect(page).toHaveURL(/keyword=loose.*sort=highToLow/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  const first = page.getByTestId('product-card').first().getByRole('link');
  const name = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/product\//);
  await page.goBack();
  await expect(page).toHaveURL(/keyword=loose.*sort=highToLow.*page=2/);
  await expect(page.getByRole('textbox', { name: 'Keyword' })).toHaveValue('loose');
  await expect(page.getByRole('button', { name: 'High to Low' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('product-card').first().getByRole('link')).toHaveText(name);
});

test('a customer deletes their pending order after confirming, and its stock returns', async ({ page, baseURL }) => {
  const token = await apiToken(baseURL!, DEMO.customer);
  const stockOf = async (id: string) => (await call<ProductDto>(baseURL!, token, 'GET', `products/${id}`)).countInStock;
  const { products } = await call<SearchResponse>(baseURL!, token, 'GET', 'products/search?keyword=Cauliflower');
  const cauliflower = products.find((p) => p.name === 'Cauliflower')!;
  const orders = await placeOrder(baseURL!, token, [lineOf(cauliflower, 2)], {
    address: '12 Kutchery Road',
    pincode: '600004',
    area: 'Mylapore',
  });
  const placed = await stockOf(cauliflower._id);
  expect(placed).toBe(cauliflower.countInStock - 2);

  await signIn(page, DEMO.customer);
  await page.goto(`/userOrder/${orders[0]._id}`);
  await expect(page.getByTestId('order-status')).toHaveText('Pending');
  await page.getByRole('button', { name: 'Delete Order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete this order?')).toBeVisible();
  // cancelling keeps it
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('order-status')).toHaveText('Pending');

  await page.getByRole('button', { name: 'Delete Order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Order' }).click();
  await expect(page.getByText('Order deleted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/my-orders$/);
  expect(await stockOf(cauliflower._id)).toBe(placed + 2);
  const mine = await call<OrderDto[]>(baseURL!, token, 'GET', 'Orders/my');
  expect(mine.some((o) => o._id === orders[0]._id)).toBe(false);
});

test('a delivered order offers no Delete', async ({ page, baseURL }) => {
  const token = await apiToken(baseURL!, DEMO.customer);
  const res = await fetch(`${baseURL}/api/Orders/my`, { headers: { authorization: `Bearer ${token}` } });
  const delivered = ((await res.json()) as Array<{ _id: string; status: string }>).find((o) => o.status === 'Delivered')!;
  await signIn(page, DEMO.customer);
  await page.goto(`/userOrder/${delivered._id}`);
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  await expect(page.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);
});
