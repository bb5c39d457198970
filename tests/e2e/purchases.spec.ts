import { expect, type Page } from '@playwright/test';
import type { PurchaseSummaryDto } from '../../core/schemas/purchase';
import { test } from './fixtures';
import {
  apiToken,
  call,
  countOutboxReplays,
  DEMO,
  type MadeProduct,
  makeProduct,
  replayOutboxAgain,
  serviceWorkerReady,
  signIn,
  signInTamil,
} from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Receiving goods at 1280 x 800: a supplier's bill entered line by line from the keyboard raises the stock
 * shown on Your Products; saved offline, the bill waits in the outbox and reaches the server exactly once.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const stamp = Date.now().toString(36);

/** Adds a product to the bill from the finder (name then Enter, as a scanner ends a code) and fills its line from the keyboard. */
async function addLine(page: Page, name: string, quantity: string, cost: string) {
  await page.getByTestId('purchase-finder').fill(name);
  // the product was made just now through the API: the list shows it once its refresh has come (as a person sees it)
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('purchase-finder').press('Enter');
  const line = page.getByTestId('purchase-line').filter({ hasText: name });
  // the quantity has the focus; Enter moves on to the unit cost
  await expect(line.getByTestId('line-quantity')).toBeFocused();
  await page.keyboard.type(quantity);
  await page.keyboard.press('Enter');
  await expect(line.getByTestId('line-cost')).toBeFocused();
  await page.keyboard.type(cost);
  await page.keyboard.press('Enter');
  await expect(line.getByTestId('line-gst')).toBeFocused();
  // Enter on the GST rate: back to the finder for the next product
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('purchase-finder')).toBeFocused();
}

async function fillHead(page: Page, supplier: string, bill: string) {
  await page.getByTestId('supplier-name').fill(supplier);
  await page.getByTestId('bill-number').fill(bill);
}

const stockOn = (page: Page, name: string) => page.getByTestId('product-card').filter({ hasText: name });

test('vendor receives goods for 3 products: the stock of each rises on Your Products', async ({ page, baseURL }) => {
  const products: MadeProduct[] = [];
  for (const n of [1, 2, 3]) {
    products.push(await makeProduct(baseURL!, DEMO.vendor, { name: `E2E Recv ${stamp} ${n}`, price: 100, shopPrice: 90 }));
  }
  await signIn(page, DEMO.vendor);
  await page.goto('/productList');
  await page.getByRole('link', { name: 'Receive goods' }).first().click();
  await expect(page).toHaveURL(/\/purchases\/new$/);
  await expect(page.getByRole('heading', { name: 'Receive goods' })).toBeVisible();
  await fillHead(page, `E2E Supplier ${stamp}`, `R-${stamp}`);
  await addLine(page, products[0].name, '5', '60');
  await addLine(page, products[1].name, '10', '45.5');
  await addLine(page, products[2].name, '2', '80');
  // 300 + 455 + 160 = 915 taxable, GST on top at each product's own rate
  await expect(page.getByTestId('purchase-line')).toHaveCount(3);
  await page.getByTestId('save-purchase').click();
  await expect(page).toHaveURL(/\/purchases\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Bill R-${stamp}` })).toBeVisible();

  await page.goto('/productList');
  await page.getByLabel('Search').fill(`E2E Recv ${stamp}`);
  for (const [i, added] of [5, 10, 2].entries()) {
    await expect(stockOn(page, products[i].name)).toContainText(new RegExp(`Stock\\s*${40 + added}(?!\\d)`));
  }
  // the list of the month shows the bill
  await page.goto('/purchases');
  await expect(page.getByTestId('purchase-row').filter({ hasText: `R-${stamp}` })).toBeVisible();
  await expect(page.getByTestId('input-gst')).toBeVisible();

  // cancelled with a reason: marked, and the goods go back out of stock
  await page
    .getByTestId('purchase-row')
    .filter({ hasText: `R-${stamp}` })
    .click();
  await page.getByRole('button', { name: 'Cancel bill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this bill?' });
  await dialog.getByLabel('Reason').fill('Entered twice');
  await dialog.getByRole('button', { name: 'Cancel bill' }).click();
  await expect(page.getByTestId('cancelled-badge')).toBeVisible();
  await expect(page.getByText(/Entered twice/)).toBeVisible();
  await page.goto('/productList');
  await page.getByLabel('Search').fill(`E2E Recv ${stamp}`);
  await expect(stockOn(page, products[1].name)).toContainText(/Stock\s*40(?!\d)/);

  // the product's stock ledger names the bill and its supplier on both movements, each a link to the bill
  await page.goto(`/stock/${products[1]._id}`);
  const billRef = `R-${stamp} · E2E Supplier ${stamp}`;
  const cancelled = page.getByRole('row').nth(1);
  await expect(cancelled).toContainText('Purchase cancelled');
  await expect(cancelled.getByRole('link', { name: billRef })).toBeVisible();
  await expect(cancelled).toContainText('Entered twice');
  const received = page.getByRole('row').nth(2);
  await expect(received).toContainText('Purchase');
  await received.getByRole('link', { name: billRef }).click();
  await expect(page.getByRole('heading', { name: `Bill R-${stamp}` })).toBeVisible();
});

test('a bill saved offline waits in the outbox and is sent once when back online', async ({ page, context, baseURL }) => {
  const product = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E Offline Recv ${stamp}`, price: 50, shopPrice: 45 });
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const bill = `OFF-${stamp}`;
  let posts = 0;
  context.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/purchases') posts++;
  });

  await countOutboxReplays(context);
  await signIn(page, DEMO.vendor);
  await page.goto('/purchases/new');
  // the product list is saved on the device before going offline
  await expect(page.getByText('Loading products…')).toHaveCount(0);
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await fillHead(page, `E2E Offline Supplier ${stamp}`, bill);
  await addLine(page, product.name, '7', '30');
  await page.getByTestId('save-purchase').click();
  await expect(page.getByText('Saved on this device. The bill is sent when you are back online.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/purchases$/);
  await expect(page.getByTestId('queued-purchase').filter({ hasText: bill })).toContainText('Waiting to sync');

  await context.setOffline(false);
  await expect(page.getByTestId('queued-purchase')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('purchase-row').filter({ hasText: bill })).toBeVisible({ timeout: 20_000 });
  // another replay sends whatever is left: nothing
  await replayOutboxAgain(page, context);

  const mine = (await call<PurchaseSummaryDto[]>(baseURL!, vendor, 'GET', 'purchases')).filter((p) => p.billNumber === bill);
  expect(mine).toHaveLength(1);
  const after = (await call<Array<{ _id: string; countInStock: number }>>(baseURL!, vendor, 'GET', 'products/products')).find(
    (p) => p._id === product._id,
  )!;
  expect(after.countInStock).toBe(47);
  // sent once: one POST reached the network from the page or its service worker
  expect(posts).toBe(1);
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN' });

  test('the bill form speaks Tamil and checks with the server schema before sending', async ({ page }) => {
    await signInTamil(page, DEMO.vendor);
    await page.goto('/purchases/new');
    await expect(page.getByRole('heading', { name: 'சரக்கு வரவு' })).toBeVisible();
    let posts = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/purchases') posts++;
    });
    await page.getByTestId('save-purchase').click();
    await expect(page.getByText('சப்ளையர் பெயரை உள்ளிடவும்')).toBeVisible();
    await expect(page.getByText('பில் எண்ணை உள்ளிடவும்')).toBeVisible();
    await expect(page.getByText('குறைந்தது ஒரு பொருளைச் சேர்க்கவும்')).toBeVisible();
    expect(posts).toBe(0);
  });
});
