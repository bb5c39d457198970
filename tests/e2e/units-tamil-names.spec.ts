import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, DEMO, makeProduct, signIn, signInTamil } from './helpers';
import type { Unit } from '../../core/units';
import { placeOrder } from '../support/http-builders';
import type { OrderLine } from '../support/order-bodies';

/**
 * Quantities with their units, and Tamil names, on a phone (390 x 844): the cart and orders show
 * "1.5 kg" (in Tamil "1.5 கி.கி."), an order card counts its lines, a per-kg discount says "per kg";
 * the Tamil interface shows categories and sold products under their Tamil names, and times
 * without AM/PM.
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS; // a folder to save screenshots to (looked at by hand), else none
/** The customer's street in Adyar, Chennai 600020. */
const STREET = '7 Kasturba Nagar 3rd Cross Street';

interface Made {
  kg: string;
  pcs: string;
  litre: string;
  tomato: string;
  tomatoTa: string;
  /** The customer's order: 1.5 kg of tomatoes, 2 soaps and 1 l of oil, three lines of three units. */
  lines: OrderLine[];
}

/** Three products of Murugan Stores: loose tomatoes by the kg (₹2 off per kg), soap by the piece, oil by the litre. */
async function makeProducts(baseURL: string): Promise<Made> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const shelf = { category: 'Vegetables & Fruits', subcategory: 'Fresh Vegetables' };
  const make = (name: string, Tamil: string, shopPrice: number, discount: number, unit: Unit) =>
    makeProduct(baseURL, DEMO.vendor, { name, Tamil, price: shopPrice, shopPrice, discount, unit, ...shelf });
  const tomato = `Test Tomato ${tag}`;
  const tomatoTa = `சோதனைத் தக்காளி ${tag}`;
  const kg = await make(tomato, tomatoTa, 68, 2, 'kg');
  const pcs = await make(`Test Soap ${tag}`, `சோதனைச் சோப்பு ${tag}`, 30, 0, 'pcs');
  const litre = await make(`Test Oil ${tag}`, `சோதனை எண்ணெய் ${tag}`, 120, 0, 'l');
  const lines = [
    { productId: kg._id, quantity: 1.5, price: 68, discount: 2 },
    { productId: pcs._id, quantity: 2, price: 30, discount: 0 },
    { productId: litre._id, quantity: 1, price: 120, discount: 0 },
  ];
  return { kg: kg._id, pcs: pcs._id, litre: litre._id, tomato, tomatoTa, lines };
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** 1.5 kg of the product into the cart from its page. */
async function addKilo(page: Page, productId: string, addLabel: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('combobox', { name: /^(Quantity|அளவு)/ }).selectOption('1.5');
  await page.getByRole('button', { name: addLabel, exact: true }).click();
}

async function vendorPage(browser: Browser, baseURL: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale });
  return context.newPage();
}

test.describe('in English on a phone', () => {
  test.use({ viewport: PHONE, locale: 'en-IN' });

  test('the cart and orders show "1.5 kg", an order card counts lines, the vendor sees "per kg"', async ({ page, baseURL, browser }) => {
    const m = await makeProducts(baseURL!);
    await signIn(page, DEMO.customer);
    await addKilo(page, m.kg, 'Add to Cart');
    await page.goto('/cart');
    const line = page.getByTestId('cart-item').filter({ hasText: m.tomato });
    // the box holds the figure as typed, its unit beside it
    await expect(line.getByLabel(`Quantity of ${m.tomato}`)).toHaveValue('1.5');
    await expect(line.locator('.mantine-TextInput-section')).toHaveText('kg');
    await expect(line.getByText('Discount: ₹2.00 per kg', { exact: true })).toBeVisible();
    await expect(line.getByText('₹66.00 / kg')).toBeVisible();
    await shot(page, 'en-cart');

    const [{ _id: orderId }] = await placeOrder(baseURL!, await apiToken(baseURL!, DEMO.customer), m.lines, { address: STREET });
    await page.goto(`/userOrder/${orderId}`);
    const kgLine = page.getByTestId('order-line').filter({ hasText: m.tomato });
    await expect(kgLine).toContainText('1.5 kg x ₹66.00 / kg (₹2.00 off per kg)');
    await expect(page.getByTestId('order-line').filter({ hasText: 'Test Soap' })).toContainText('2 x ₹30.00');
    await expect(page.getByTestId('order-line').filter({ hasText: 'Test Oil' })).toContainText('1 l x ₹120.00 / l');
    await shot(page, 'en-order');

    // 1.5 kg + 2 pieces + 1 l: three lines, never "4.5 items"
    await page.goto('/my-orders');
    const card = page.getByTestId('order-card').filter({ has: page.locator(`a[href="/userOrder/${orderId}"]`) });
    await expect(card.getByText('3 items', { exact: true })).toBeVisible();
    await shot(page, 'en-my-orders');

    const vendor = await vendorPage(browser, baseURL!, 'en-IN');
    await signIn(vendor, DEMO.vendor);
    await vendor.goto(`/vendor/orders/${orderId}`);
    const item = vendor.getByTestId('order-item').filter({ hasText: m.tomato });
    await expect(item).toContainText('(−₹2.00 per kg)');
    await expect(item).toContainText('1.5 kg');
    await shot(vendor, 'en-vendor-order');
    await vendor.context().close();
  });
});

test.describe('in Tamil on a phone', () => {
  test.use({ viewport: PHONE, locale: 'ta-IN' });

  test('categories, the cart and the order show Tamil names and Tamil units, times without AM/PM', async ({ page, baseURL, browser }) => {
    const m = await makeProducts(baseURL!);
    await signInTamil(page, DEMO.customer);

    await page.goto('/user-categories');
    await page.getByRole('link', { name: 'மளிகை', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'மளிகை', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'அரிசி & தானியங்கள்', exact: true })).toBeVisible();
    await expect(page.getByText('Rice & Grains')).toHaveCount(0);
    await shot(page, 'ta-subcategories');

    await addKilo(page, m.kg, 'கூடையில் சேர்');
    await page.goto('/cart');
    const line = page.getByTestId('cart-item').filter({ hasText: m.tomatoTa });
    await expect(line.getByLabel(`${m.tomato} அளவு`)).toHaveValue('1.5');
    await expect(line.locator('.mantine-TextInput-section')).toHaveText('கி.கி.');
    await expect(line.getByText('₹66.00 / கி.கி.')).toBeVisible();
    await expect(line.getByText('தள்ளுபடி: ஒரு கிலோவுக்கு ₹2.00', { exact: true })).toBeVisible();
    await shot(page, 'ta-cart');

    const [{ _id: orderId }] = await placeOrder(baseURL!, await apiToken(baseURL!, DEMO.customer), m.lines, { address: STREET });
    await page.goto(`/userOrder/${orderId}`);
    const kgLine = page.getByTestId('order-line').filter({ hasText: m.tomatoTa });
    await expect(kgLine).toContainText('1.5 கி.கி. x ₹66.00 / கி.கி.');
    await expect(kgLine).not.toContainText(m.tomato);
    await expect(page.getByTestId('order-line').filter({ hasText: 'சோதனை எண்ணெய்' })).toContainText('1 லி.');
    const main = (await page.getByRole('main').innerText()).replace(/\s+/g, ' ');
    expect(main).toMatch(/\d{1,2}:\d{2}/);
    expect(main).not.toMatch(/\b(AM|PM|am|pm)\b|முற்பகல்|பிற்பகல்/);
    expect(main).not.toMatch(/\d kg\b/);
    await shot(page, 'ta-order');

    const vendor = await vendorPage(browser, baseURL!, 'ta-IN');
    await signInTamil(vendor, DEMO.vendor);
    await vendor.goto(`/vendor/orders/${orderId}`);
    const item = vendor.getByTestId('order-item').filter({ hasText: m.tomatoTa });
    await expect(item).toContainText('1.5 கி.கி.');
    await expect(item).toContainText('(ஒரு கிலோவுக்கு −₹2.00)');
    await shot(vendor, 'ta-vendor-order');
    await vendor.context().close();
  });
});
