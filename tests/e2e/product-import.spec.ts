import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, openStockTool, signIn } from './helpers';

/** A shopkeeper imports a CSV with one bad row: the row's error shows, then the valid rows are imported. */
const stamp = Date.now().toString(36);
const CATEGORY = `E2E Import ${stamp}`;
const SUB = 'Imported Rice';

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async ({ baseURL }) => {
  const admin = await apiToken(baseURL!, DEMO.admin);
  await call(baseURL!, admin, 'POST', 'categories', { name: CATEGORY, subcategories: [SUB] });
});

test('a CSV with one bad row: the error is shown by row and column, then the valid rows are imported', async ({ page }) => {
  const csv = [
    'Name,Tamil name,Category,Subcategory,Unit,MRP,Selling price,GST rate,Stock',
    `Imported Ponni ${stamp},பொன்னி அரிசி,${CATEGORY},${SUB},pcs,450,420,5,12`,
    `Imported Idli ${stamp},இட்லி அரிசி,${CATEGORY},${SUB},pcs,80,95,5,3`,
    `Imported Basmati ${stamp},பாசுமதி,${CATEGORY},${SUB},kg,160,150,5,7.5`,
  ].join('\n');

  await signIn(page, DEMO.vendor);
  await page.goto('/productList');
  await openStockTool(page, 'Import / export');
  await expect(page).toHaveURL(/\/products\/import$/);

  await page.locator('input[type=file]').setInputFiles({ name: 'shop.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-summary')).toHaveText('2 new · 0 to update · 0 unchanged · 1 with errors');
  const errors = page.getByTestId('import-errors');
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toContainText('2');
  await expect(errors.getByRole('row').nth(1)).toContainText('Selling price');
  await expect(errors.getByRole('row').nth(1)).toContainText('Shop price cannot be more than the MRP (₹80)');
  await expect(page.getByRole('button', { name: /^Import \d+ products$/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Import the 2 valid rows' }).click();
  await expect(page.getByTestId('import-done')).toHaveText('Imported: 2 new, 0 updated, 0 unchanged.');

  await page.getByRole('link', { name: 'Back to Your Products' }).click();
  await page.getByLabel('Search').fill(`Imported`);
  await expect(page.getByText(`Imported Ponni ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Imported Basmati ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Imported Idli ${stamp}`)).toHaveCount(0);
});
