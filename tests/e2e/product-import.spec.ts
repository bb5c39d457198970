import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, openStockTool, signIn, signInTamil } from './helpers';
import { shopSale } from '../support/http-builders';

/** A CSV sent to the import API as `token` (arranging data, as the page would send it). */
async function importCsv(baseURL: string, token: string, csv: string, name: string) {
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const res = await fetch(`${baseURL}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  expect(res.status).toBe(200);
}

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
  // the spreadsheet's own row number: the header is row 1, so the Idli line is row 3
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('Selling price');
  await expect(errors.getByRole('row').nth(1)).toContainText('Shop price cannot be more than the MRP (₹80)');
  await expect(page.getByRole('button', { name: /^Import \d+ products$/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Import the 2 valid rows' }).click();
  await expect(page.getByTestId('import-done')).toHaveText('Imported: 2 new, 0 updated, 0 unchanged.');
  await expect(page.getByTestId('import-skipped').getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('import-skipped').getByRole('row').nth(1)).toContainText(`Imported Idli ${stamp}`);
  await expect(page.getByTestId('import-imported').getByRole('row')).toHaveCount(3);

  await page.getByRole('link', { name: 'Back to Your Products' }).click();
  await page.getByLabel('Search').fill(`Imported`);
  await expect(page.getByText(`Imported Ponni ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Imported Basmati ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Imported Idli ${stamp}`)).toHaveCount(0);
});

test('last week’s export with one price changed: the preview shows the price before and after, and the stock stays', async ({
  page,
  baseURL,
}) => {
  const token = await apiToken(baseURL!, DEMO.vendor);
  const name = `Reimported Oil ${stamp}`;
  await importCsv(
    baseURL!,
    token,
    `Name,Category,Subcategory,Unit,MRP,Selling price,GST rate,Stock,SKU\n${name},${CATEGORY},${SUB},l,450,420,5,15,OIL-${stamp}\n`,
    'opening.csv',
  );
  const exported = await fetch(`${baseURL}/api/products/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
  const lastWeek = await exported.text();

  // since the export: two and a half litres sold at the counter
  const line = lastWeek.split('\r\n').find((l) => l.includes(name))!;
  const id = line.split(',')[0];
  await shopSale(baseURL!, token, [{ productId: id, quantity: 2.5 }]);
  expect(line).toContain(',l,450,420,0,5,');
  const file = lastWeek.replace(line, line.replace(',l,450,420,0,5,', ',l,450,399,0,5,'));

  await signIn(page, DEMO.vendor);
  await page.goto('/products/import');
  await page.locator('input[type=file]').setInputFiles({ name: 'last-week.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(page.getByTestId('import-summary')).toHaveText(/^0 new · 1 to update · \d+ unchanged · 0 with errors$/);
  const changes = page.getByTestId('import-changes');
  await expect(changes.getByRole('heading')).toHaveText('Changes to your products (1)');
  const change = changes.getByRole('row').filter({ hasText: name });
  await expect(change).toContainText('Selling price: ₹420.00 → ₹399.00');
  await expect(changes).not.toContainText('Stock');

  await page.getByRole('button', { name: 'Import 1 product' }).click();
  await expect(page.getByTestId('import-done')).toHaveText(/^Imported: 0 new, 1 updated, \d+ unchanged\.$/);
  await expect(page.getByTestId('import-imported')).toContainText(name);

  const after = await call<{ countInStock: number; shopPrice: number }>(baseURL!, token, 'GET', `products/${id}`);
  expect([after.countInStock, after.shopPrice]).toEqual([12.5, 399]);
});

for (const { lang, locale, signInAs, fresh } of [
  { lang: 'en', locale: 'en-IN', signInAs: signIn, fresh: 'New' },
  { lang: 'ta', locale: 'ta-IN', signInAs: signInTamil, fresh: 'புதியது' },
] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });

    test("the preview's NEW badge shows whole, inside its cell", async ({ page }) => {
      // long names and categories beside it, as a shop's own sheet has them
      const csv = [
        'Name,Tamil name,Category,Subcategory,Unit,MRP,Selling price,GST rate,Stock',
        `Badge Gingelly Oil Cold Pressed Family Pack 5 litre tin ${lang} ${stamp},செக்கு நல்லெண்ணெய் குடும்பப் பேக் ஐந்து லிட்டர் டின்,${CATEGORY},${SUB},pcs,1450,1420,5,12`,
        `Badge Idli Rice ${lang} ${stamp},இட்லி அரிசி,${CATEGORY},${SUB},kg,80,75,5,3`,
      ].join('\n');
      await signInAs(page, DEMO.vendor);
      await page.goto('/products/import');
      await page.locator('input[type=file]').setInputFiles({ name: 'badges.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const badges = page.getByRole('table').getByText(fresh, { exact: true });
      await expect(badges).toHaveCount(2);
      // the badge and its label (which cuts its text with an ellipsis) take their whole text; the badge lies within its cell
      const fits = await badges.evaluateAll((labels) =>
        labels.map((label) => {
          const badge = label.closest('.mantine-Badge-root')!;
          const [b, c] = [badge.getBoundingClientRect(), badge.closest('td')!.getBoundingClientRect()];
          return {
            text: badge.textContent,
            whole: [badge, label].every((e) => e.scrollWidth <= e.clientWidth),
            inCell: b.left >= c.left - 0.5 && b.right <= c.right + 0.5 && b.top >= c.top - 0.5 && b.bottom <= c.bottom + 0.5,
          };
        }),
      );
      expect(fits).toEqual([
        { text: fresh, whole: true, inCell: true },
        { text: fresh, whole: true, inCell: true },
      ]);
    });
  });
}
