import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, makeProduct, openCounterOnline, signIn, signInTamil } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * After a sale the counter stays on the sale screen, ready for the next customer: the lines cleared,
 * the focus back in the product box, and the last sale's Print, Share and bill at hand until the next
 * sale. On a phone the shop's own address of a sale handed over is folded (the fields show for Deliver
 * later) so a three-item sale fits the screen better; the Ctrl+Enter hint shows only with a keyboard.
 */
const stamp = Date.now().toString(36);
const NAMES = ['Rice', 'Dal', 'Oil'].map((n) => `E2E Next ${n} ${stamp}`);
const SHOTS = '.tmp/shots';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESK = { viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false };
// 3 × ₹40, 1 × ₹25, 1 × ₹60
const TOTAL = '₹205.00';

test.beforeAll(async ({ baseURL }) => {
  for (const [i, name] of NAMES.entries())
    await makeProduct(baseURL!, DEMO.vendor, { name, Tamil: `சோதனை ${i}`, price: 70, shopPrice: [40, 25, 60][i] });
});

/** Adds a product through the search box, as a cashier types its name and presses Enter. */
async function add(page: Page, name: string) {
  const finder = page.getByTestId('product-finder');
  await finder.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
}

/** Rings up the three products, three of the first. */
async function threeItems(page: Page, quantity1 = 'Quantity 1') {
  for (const name of NAMES) await add(page, name);
  await expect(page.getByTestId('shop-line')).toHaveCount(3);
  await page.getByLabel(quantity1, { exact: true }).fill('3');
  await expect(page.getByTestId('order-total')).toContainText(TOTAL);
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a 3-item cash sale leaves the counter ready, with the last sale’s bill at hand', async ({ page }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.clock.install();
    await signIn(page, DEMO.vendor);
    await page.goto('/order');
    const finder = page.getByTestId('product-finder');
    await expect(finder).toBeFocused();
    await threeItems(page);

    // handed over now (the default): the shop's address is folded, the counter fits
    await expect(page.getByLabel(/^Address/)).toBeHidden();
    await expect(page.getByTestId('address-folded')).toBeVisible();
    expect(await pageHeight(page)).toBeLessThan(1400);
    // a touch phone has no keyboard: no Ctrl+Enter hint
    const create = page.getByRole('button', { name: 'Create Order' });
    await expect(create).toBeVisible();
    await expect(page.getByTestId('submit-keys')).toHaveCount(0);
    await expect(create).not.toContainText('Ctrl+Enter');
    await page.screenshot({ path: `${SHOTS}/counter-3-items-390.png`, fullPage: true });

    // Deliver later shows the address fields, Handed over now folds them again
    await page.getByRole('button', { name: 'Deliver later' }).click();
    await expect(page.getByLabel(/^Address/)).toBeVisible();
    await expect(page.getByLabel(/^Phone number/)).toBeVisible();
    await expect(page.getByTestId('address-folded')).toHaveCount(0);
    await page.getByRole('button', { name: 'Handed over now' }).click();
    await expect(page.getByLabel(/^Address/)).toBeHidden();

    await create.click();
    await expect(page.getByText('Order created successfully!')).toBeVisible();
    // the notice goes; the counter stays, cleared, the focus in the product box
    await page.clock.runFor(12_000);
    await expect(page.getByText('Order created successfully!')).toHaveCount(0);
    await expect(page).toHaveURL(/\/order$/);
    await expect(page.getByTestId('shop-line')).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Product 1', exact: true })).toHaveValue('');
    await expect(finder).toBeFocused();
    // the last sale with its number and total, its Print, Share and bill
    await expect(page.getByTestId('last-sale-text')).toHaveText(
      new RegExp(`^Last sale (#\\d+|\\S+/\\d{2}/\\d{6}) · ${TOTAL.replace('.', '\\.')}$`),
    );
    await expect(page.getByTestId('last-sale-share')).toBeVisible();
    const print = page.getByTestId('last-sale-print');
    await expect(print).toHaveAttribute('href', /^\/receipt\/[0-9a-f-]{36}\?print=1$/);
    const bill = page.getByTestId('last-sale-bill');
    const href = (await bill.getAttribute('href'))!;
    expect(await pageHeight(page)).toBeLessThan(1400);
    await page.screenshot({ path: `${SHOTS}/counter-after-sale-390.png`, fullPage: true });

    // the next sale's lines do not take the last one away
    await add(page, NAMES[1]);
    await expect(page.getByTestId('last-sale')).toBeVisible();

    // its bill, one tap away
    await bill.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId('bill-total')).toHaveText(TOTAL);
    await expect(page.getByTestId('bill-line')).toHaveCount(3);
  });

  test('offline, the last sale’s provisional bill is at hand', async ({ page, context }) => {
    test.setTimeout(120_000);
    await openCounterOnline(page);
    await context.setOffline(true);
    await page.goto('/order');
    await add(page, NAMES[2]);
    await page.getByRole('button', { name: 'Create Order' }).click();
    await expect(page.getByText('Sale saved on this device. It will be sent when you are back online.').first()).toBeVisible();
    const last = page.getByTestId('last-sale');
    await expect(last).toContainText('Saved on this device');
    await expect(last.getByTestId('last-sale-text')).toHaveText(/^Last sale [0-9A-F]{6} · ₹60\.00$/);
    await expect(page.getByTestId('shop-line')).toHaveCount(1);
    await expect(page.getByTestId('product-finder')).toBeFocused();
    await last.getByTestId('last-sale-bill').click();
    await expect(page.getByTestId('bill-provisional')).toBeVisible();
    await expect(page.getByTestId('bill-total')).toHaveText('₹60.00');
    await context.setOffline(false);
  });
});

test.describe('in Tamil, on a phone', () => {
  test.use({ ...PHONE, locale: 'ta-IN' });

  test('the counter after a sale speaks Tamil and stays short', async ({ page }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await signInTamil(page, DEMO.vendor);
    await page.goto('/order');
    await threeItems(page, 'அளவு 1');
    await expect(page.getByLabel(/^முகவரி/)).toBeHidden();
    await expect(page.getByRole('button', { name: 'டெலிவரி முகவரியை மாற்று' })).toBeVisible();
    expect(await pageHeight(page)).toBeLessThan(1400);
    await expect(page.getByTestId('submit-keys')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/counter-3-items-ta-390.png`, fullPage: true });

    await page.getByRole('button', { name: 'பிறகு டெலிவரி' }).click();
    await expect(page.getByLabel(/^முகவரி/)).toBeVisible();
    await page.getByRole('button', { name: 'இப்போதே கொடுத்தது' }).click();

    await page.getByRole('button', { name: 'விற்பனையைச் சேமி' }).click();
    await expect(page.getByTestId('last-sale-text')).toHaveText(new RegExp(`^கடைசி விற்பனை \\S+ · ${TOTAL.replace('.', '\\.')}$`));
    const last = page.getByTestId('last-sale');
    await expect(last.getByRole('link', { name: 'அச்சிடு' })).toBeVisible();
    await expect(last.getByRole('button', { name: 'பகிர்' })).toBeVisible();
    await expect(last.getByRole('link', { name: 'பில்லைப் பார்' })).toBeVisible();
    await expect(page.getByTestId('shop-line')).toHaveCount(1);
    await expect(page.getByTestId('product-finder')).toBeFocused();
    expect(await pageHeight(page)).toBeLessThan(1400);
    await page.screenshot({ path: `${SHOTS}/counter-after-sale-ta-390.png`, fullPage: true });
  });
});

test.describe('at the desk', () => {
  test.use(DESK);

  test('the keyboard hint shows; Ctrl+Enter records the sale and the counter is ready for the next', async ({ page }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await signIn(page, DEMO.vendor);
    await page.goto('/order');
    await expect(page.getByTestId('submit-keys')).toHaveText('Ctrl+Enter');
    await threeItems(page);
    // at a desk the address stays in view, for the keyboard's Enter to move through
    await expect(page.getByLabel(/^Address/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/counter-3-items-1280.png`, fullPage: true });

    await page.getByLabel('Quantity 1', { exact: true }).press('Control+Enter');
    await expect(page.getByTestId('last-sale-text')).toContainText(TOTAL);
    await expect(page.getByTestId('shop-line')).toHaveCount(1);
    await expect(page.getByTestId('product-finder')).toBeFocused();
    await expect(page).toHaveURL(/\/order$/);
    await page.screenshot({ path: `${SHOTS}/counter-after-sale-1280.png`, fullPage: true });
  });
});
