import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, makeProduct, openStockTool, scan, signIn, signInTamil } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/** A shelf count at the desk: find or scan two products, type what is there, apply, and read the movements. */
const stamp = Date.now().toString(36).toUpperCase();
const SOAP = { name: `Count Soap ${stamp}`, barcode: `SOAP${stamp}` };
const TEA = { name: `Count Tea ${stamp}`, barcode: `TEA${stamp}` };
const ids: Record<string, string> = {};

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async ({ baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const categories = await call<Array<{ name: string; subcategories: string[] }>>(baseURL!, vendor, 'GET', 'categories');
  const category = categories.find((c) => c.subcategories.length > 0)!;
  const gst = (await call<Array<{ _id: string }>>(baseURL!, vendor, 'GET', 'gsts?active=true'))[0];
  for (const [p, stock] of [
    [SOAP, 10],
    [TEA, 20],
  ] as const) {
    const made = await call<{ _id: string }>(baseURL!, vendor, 'POST', 'products', {
      name: p.name,
      barcode: p.barcode,
      price: 50,
      shopPrice: 45,
      countInStock: stock,
      reOrderLevel: 2,
      category: category.name,
      subcategory: category.subcategories[0],
      gst: gst._id,
      images: ['/icons/icon-192.png'],
    });
    ids[p.name] = made._id;
  }
});

const stockOf = async (baseURL: string, id: string) =>
  (await call<{ countInStock: number }>(baseURL, await apiToken(baseURL, DEMO.vendor), 'GET', `products/${id}`)).countInStock;

const line = (page: Page, name: string) => page.getByTestId('count-line').filter({ hasText: name });

test('a vendor counts two products (one more, one fewer than the book), applies once and reads the movements', async ({
  page,
  baseURL,
}) => {
  await page.clock.install();
  await signIn(page, DEMO.vendor);
  await page.goto('/productList');
  await openStockTool(page, 'Count stock');
  await expect(page).toHaveURL(/\/stock-count$/);
  await expect(page.getByRole('heading', { name: 'Stock count' })).toBeVisible();

  // the soap's barcode typed into the search box with Enter: its line, the cursor in its counted box
  const finder = page.getByTestId('count-finder');
  await finder.fill(SOAP.barcode);
  await finder.press('Enter');
  await expect(line(page, SOAP.name).getByTestId('book-stock')).toHaveText('10');
  await expect(page.getByLabel(`Counted ${SOAP.name}`)).toBeFocused();
  await page.getByLabel(`Counted ${SOAP.name}`).fill('11');
  await page.getByLabel(`Counted ${SOAP.name}`).press('Enter');
  await expect(finder).toBeFocused();
  await expect(line(page, SOAP.name).getByTestId('difference')).toHaveText('+1');

  // the tea found by name
  await finder.fill(TEA.name.toLowerCase());
  await expect(page.getByRole('option', { name: new RegExp(TEA.name) })).toBeVisible();
  await finder.press('Enter');
  await expect(page.getByLabel(`Counted ${TEA.name}`)).toBeFocused();
  await page.getByLabel(`Counted ${TEA.name}`).fill('19');
  await expect(line(page, TEA.name).getByTestId('difference')).toHaveText('−1');

  // a scanner's burst while the cursor is in the tea's box: the soap's box takes the cursor, the tea keeps 19
  await scan(page, SOAP.barcode);
  await expect(page.getByLabel(`Counted ${SOAP.name}`)).toBeFocused();
  await expect(page.getByLabel(`Counted ${TEA.name}`)).toHaveValue('19');
  await expect(page.getByTestId('count-line')).toHaveCount(2);

  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/stock/counts')) posted.push(r.postData() ?? '');
  });
  await page.getByTestId('apply-count').click();
  const result = page.getByTestId('count-result');
  await expect(result).toContainText(SOAP.name);
  await expect(result).toContainText('+1');
  await expect(result).toContainText('−1');
  await expect(page.getByTestId('count-line')).toHaveCount(0);
  expect(posted).toHaveLength(1);
  expect(await stockOf(baseURL!, ids[SOAP.name])).toBe(11);
  expect(await stockOf(baseURL!, ids[TEA.name])).toBe(19);

  // the product page shows the count among its recent movements
  await page.goto(`/edit-product/${ids[TEA.name]}`);
  const recent = page.getByRole('region', { name: 'Recent stock movements' });
  await expect(recent.getByRole('row').nth(1)).toContainText('Adjustment · Counted');
  await expect(recent.getByRole('row').nth(1)).toContainText('−1');
  await expect(recent.getByRole('row').nth(2)).toContainText('Opening stock');

  // and "Adjust stock" from there: two damaged packets away
  await recent.getByRole('link', { name: 'All movements · Adjust stock' }).click();
  await expect(page.getByTestId('stock-now')).toHaveText('In stock now: 19');
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  await page.getByTestId('adjust-quantity').fill('-2');
  await page.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByTestId('stock-now')).toHaveText('In stock now: 17');
  await expect(page.getByRole('row').nth(1)).toContainText('Adjustment · Damaged');
  expect(await stockOf(baseURL!, ids[TEA.name])).toBe(17);
});

test('a long ledger shows its newest 100 movements, and "Show older movements" adds the ones before', async ({ page, baseURL }) => {
  const made = await makeProduct(baseURL!, DEMO.vendor, { name: `Ledger Matches ${stamp}`, price: 5, shopPrice: 5, countInStock: 0 });
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  // the opening row (0) and 129 boxes found one by one: the stock after the nth is n
  for (let i = 0; i < 129; i++) {
    await call(baseURL!, vendor, 'POST', 'stock/adjustments', { productId: made._id, quantity: 1, reason: 'other' });
  }

  await signIn(page, DEMO.vendor);
  await page.goto(`/stock/${made._id}`);
  const rows = page.getByRole('row');
  const balance = (n: number) => rows.nth(n).getByRole('cell').nth(3);
  // a header row and the newest 100, newest first: 129 down to 30
  await expect(rows).toHaveCount(101);
  await expect(balance(1)).toHaveText('129');
  await expect(balance(100)).toHaveText('30');
  await page.getByRole('button', { name: 'Show older movements' }).click();
  // the 30 before them follow on, the stock after each still its own, down to the opening stock
  await expect(rows).toHaveCount(131);
  await expect(balance(100)).toHaveText('30');
  await expect(balance(101)).toHaveText('29');
  await expect(balance(130)).toHaveText('0');
  await expect(rows.nth(130)).toContainText('Opening stock');
  await expect(page.getByRole('button', { name: 'Show older movements' })).toHaveCount(0);

  // an adjustment now joins the top; the older rows stay
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  await page.getByTestId('adjust-quantity').fill('-2');
  await page.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByTestId('stock-now')).toHaveText('In stock now: 127');
  await expect(rows).toHaveCount(132);
  await expect(balance(1)).toHaveText('127');
  await expect(balance(131)).toHaveText('0');
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN' });

  test('the count page and the movements speak Tamil', async ({ page }) => {
    await signInTamil(page, DEMO.vendor);
    await page.goto('/stock-count');
    await expect(page.getByRole('heading', { name: 'இருப்பு எண்ணிக்கை' })).toBeVisible();
    await page.goto(`/stock/${ids[SOAP.name]}`);
    await expect(page.getByRole('row').nth(1)).toContainText('இருப்புத் திருத்தம் · எண்ணிக்கை');
    await expect(page.getByRole('row').nth(2)).toContainText('தொடக்க இருப்பு');
  });
});
