import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, signIn, signInTamil } from './helpers';

/** Tamil that reads right on a phone: long category names wrap on their tiles instead of being cut. */
test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

test('every category tile shows its whole Tamil name at 390 px', async ({ page }) => {
  await signInTamil(page, DEMO.customer);
  await page.goto('/user-categories');
  const tiles = page.locator('main a.mantine-Button-root');
  await expect(tiles.filter({ hasText: 'தின்பண்டங்கள் & இனிப்புகள்' })).toBeVisible();
  const cut = await tiles.evaluateAll((els) =>
    els
      .map((el) => el.querySelector('.mantine-Button-label') as HTMLElement)
      .filter((label) => label.scrollWidth > label.clientWidth + 1 || label.scrollWidth > label.closest('a')!.clientWidth)
      .map((label) => label.textContent),
  );
  expect(cut).toEqual([]);
});

test("the vendor's product list names categories in Tamil, on the cards and in the filter", async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const categories = await call<Array<{ name: string; nameTa?: string }>>(baseURL!, vendor, 'GET', 'categories');
  const mine = await call<Array<{ name: string; category: string }>>(baseURL!, vendor, 'GET', 'products/products');
  const tamil = new Map(categories.map((c) => [c.name, c.nameTa ?? '']));
  const product = mine.find((p) => tamil.get(p.category))!;
  const categoryTa = tamil.get(product.category)!;

  await signInTamil(page, DEMO.vendor);
  await page.goto('/productList');
  const card = page.getByTestId('product-card').filter({ hasText: product.name }).first();
  await expect(card).toContainText(categoryTa);
  await expect(card).not.toContainText(product.category);
  await page.getByRole('combobox', { name: 'வகை', exact: true }).click();
  await expect(page.getByRole('option', { name: categoryTa })).toBeVisible();
});

test("User Management's role tabs scroll at 390 px with a cue, and every role can be chosen", async ({ page }) => {
  await signInTamil(page, DEMO.admin);
  await page.goto('/userList');
  const row = page.getByTestId('role-tabs');
  await expect(row).toHaveAttribute('data-more-end', 'true');
  const last = row.locator('label').last();
  await last.scrollIntoViewIfNeeded();
  await expect(row).toHaveAttribute('data-more-end', 'false');
  await last.click();
  await expect(row.locator('input[type=radio]').last()).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('role-tabs.png') });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-IN' });
  test('the role tabs fit, with no cue', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/userList');
    await expect(page.getByTestId('role-tabs')).toHaveAttribute('data-more-end', 'false');
  });
});
