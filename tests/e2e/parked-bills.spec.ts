import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, makeProduct, signIn } from './helpers';

/**
 * Bills parked at the counter: the cashier parks a bill (F8), serves the next customer, then takes the first bill
 * back from "Parked (n)" and finishes it. A till holds five; the sixth is refused. Parking survives a reload.
 */
const stamp = Date.now().toString(36);
const FIRST = `E2E Park Oil ${stamp}`;
const NEXT = `E2E Park Salt ${stamp}`;
const SHOP = DEMO.vendor2;

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async ({ baseURL }) => {
  await makeProduct(baseURL!, SHOP, { name: FIRST, price: 200, shopPrice: 180 });
  await makeProduct(baseURL!, SHOP, { name: NEXT, price: 30, shopPrice: 25 });
});

async function add(page: Page, name: string) {
  const finder = page.getByTestId('product-finder');
  await finder.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
  await expect(page.getByTestId('order-total')).not.toContainText('₹0.00');
}

test('a parked bill waits while the next customer is served, then is finished', async ({ page }) => {
  await signIn(page, SHOP);
  await page.goto('/order');
  const parked = page.getByTestId('parked-menu');
  // nothing parked: no menu
  await expect(page.getByTestId('park-bill')).toBeVisible();
  await expect(parked).toHaveCount(0);

  // the first customer's bill, paid by card, parked with F8: the counter is empty again
  await add(page, FIRST);
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  await page.keyboard.press('F8');
  await expect(parked).toHaveText('Parked (1)');
  await expect(page.getByTestId('order-total')).toContainText('₹0.00');
  await expect(page.getByRole('button', { name: 'Cash', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // still there after a reload
  await page.reload();
  await expect(parked).toHaveText('Parked (1)');

  // the next customer pays and goes
  await add(page, NEXT);
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByTestId('last-sale-text')).toContainText('₹25.00');

  // the first bill back, as it was: its line, its total, its payment
  await parked.click();
  const row = page.getByTestId('parked-bill');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('₹180.00');
  await expect(row).toContainText('1 item · Walk-in customer');
  await row.getByRole('button', { name: /^Resume the bill parked at/ }).click();
  await expect(parked).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toContainText('₹180.00');
  await expect(page.getByRole('button', { name: 'Card', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByTestId('last-sale-text')).toContainText('₹180.00');
});

test('a till holds five parked bills; the sixth is refused and stays on the counter', async ({ page }) => {
  await signIn(page, SHOP);
  await page.goto('/order');
  const parked = page.getByTestId('parked-menu');
  await expect(page.getByTestId('park-bill')).toBeVisible();
  const start = (await parked.count()) ? Number((await parked.textContent())!.replace(/\D/g, '')) : 0;
  for (let i = start; i < 5; i++) {
    await add(page, NEXT);
    await page.getByTestId('park-bill').click();
    await expect(parked).toHaveText(`Parked (${i + 1})`);
  }
  await add(page, FIRST);
  await page.getByTestId('park-bill').click();
  await expect(page.getByTestId('park-full')).toContainText('This till already holds 5 parked bills');
  await expect(parked).toHaveText('Parked (5)');
  await expect(page.getByTestId('order-total')).toContainText('₹180.00');

  // one discarded (confirmed) makes room
  await parked.click();
  await page
    .getByTestId('parked-bill')
    .first()
    .getByRole('button', { name: /^Discard the bill parked at/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(parked).toHaveText('Parked (4)');
  await page.getByTestId('park-bill').click();
  await expect(parked).toHaveText('Parked (5)');
  await expect(page.getByTestId('order-total')).toContainText('₹0.00');
});
