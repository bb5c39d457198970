import fs from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, openStockTool, signIn, signInTamil } from './helpers';

/** The reorder list on a phone: a low product with its suggestion, and the CSV download. */
const stamp = Date.now().toString(36);
const CATEGORY = `E2E Reorder ${stamp}`;
const SUB = 'Low';
const SUGAR = `Reorder Sugar ${stamp}`;

test.beforeAll(async ({ baseURL }) => {
  const admin = await apiToken(baseURL!, DEMO.admin);
  await call(baseURL!, admin, 'POST', 'categories', { name: CATEGORY, subcategories: [SUB] });
  const gsts = await call<Array<{ _id: string }>>(baseURL!, admin, 'GET', 'gsts?active=true');
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  // 3 left of a reorder level of 10, no sales yet: the suggestion brings it up to the level
  await call(baseURL!, vendor, 'POST', 'products', {
    name: SUGAR,
    Tamil: 'சர்க்கரை',
    price: 50,
    shopPrice: 45,
    countInStock: 3,
    reOrderLevel: 10,
    category: CATEGORY,
    subcategory: SUB,
    gst: gsts[0]._id,
    images: ['/images/products/generic.svg'],
  });
});

test('the reorder list shows a low product with its suggested quantity and downloads a CSV', async ({ page }) => {
  await signIn(page, DEMO.vendor);
  await page.goto('/productList');
  await openStockTool(page, 'Reorder list');
  await expect(page).toHaveURL(/\/reorder$/);
  const row = page.getByTestId('reorder-row').filter({ hasText: SUGAR });
  await expect(row).toContainText('சர்க்கரை');
  await expect(row).toContainText('Stock 3 · Reorder level 10 · Sold in 30 days 0');
  await expect(row.getByTestId('reorder-quantity')).toHaveValue('7');
  fs.mkdirSync('.tmp/shots', { recursive: true });
  await page.screenshot({ path: '.tmp/shots/reorder-390-en.png', fullPage: true });

  await row.getByTestId('reorder-quantity').fill('12');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFName,Tamil name,Unit,Stock,Reorder level,Sold in 30 days,Order quantity,Cost price')).toBe(true);
  expect(csv).toContain(`${SUGAR},சர்க்கரை,pcs,3,10,0,12,`);
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN' });

  test('Share on WhatsApp sends the order with Tamil names', async ({ page }) => {
    // no share sheet here: the page opens WhatsApp's link, recorded instead of opened
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined });
      window.open = (url?: string | URL) => {
        (window as unknown as { opened: string }).opened = String(url);
        return null;
      };
    });
    await signInTamil(page, DEMO.vendor);
    await page.goto('/reorder');
    await expect(page.getByTestId('reorder-row').filter({ hasText: SUGAR })).toBeVisible();
    await page.getByRole('button', { name: 'வாட்ஸ்அப்பில் பகிர்' }).click();
    const opened = () => page.evaluate(() => (window as unknown as { opened?: string }).opened ?? '');
    await expect.poll(opened).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const url = await opened();
    const text = decodeURIComponent(url.slice('https://wa.me/?text='.length));
    expect(text.split('\n')[0]).toBe('Murugan Stores — ஆர்டர் பட்டியல்');
    expect(text).toContain(`${SUGAR} (சர்க்கரை) — 7 எண்`);
  });
});
