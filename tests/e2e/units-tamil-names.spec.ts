import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, signIn } from './helpers';

/**
 * Quantities with their units, and Tamil names, on a phone (390 x 844): the cart and orders show
 * "1.5 kg" (in Tamil "1.5 கி.கி."), an order card counts its lines, a per-kg discount says "per kg";
 * the Tamil interface shows categories and sold products under their Tamil names, and times
 * without AM/PM.
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS; // a folder to save screenshots to (looked at by hand), else none

interface Made {
  kg: string;
  pcs: string;
  litre: string;
  tomato: string;
  tomatoTa: string;
  vendorId: string;
}

/** Three products of Murugan Stores: loose tomatoes by the kg (₹2 off per kg), soap by the piece, oil by the litre. */
async function makeProducts(baseURL: string): Promise<Made> {
  const token = await apiToken(baseURL, DEMO.vendor);
  const categories = await call<Array<{ name: string; subcategories: string[] }>>(baseURL, token, 'GET', 'categories');
  const shelf = categories.find((c) => c.name === 'Vegetables & Fruits')!;
  const gsts = await call<Array<{ _id: string; isActive: boolean }>>(baseURL, token, 'GET', 'gsts');
  const gst = gsts.find((g) => g.isActive) ?? gsts[0];
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const make = (name: string, Tamil: string, shopPrice: number, discount: number, unit: string) =>
    call<{ _id: string; vendorId: string }>(baseURL, token, 'POST', 'products', {
      name,
      Tamil,
      price: shopPrice,
      shopPrice,
      discount,
      unit,
      description: 'Made by a browser test.',
      countInStock: 40,
      reOrderLevel: 2,
      category: shelf.name,
      subcategory: shelf.subcategories[0],
      gst: gst._id,
      images: ['/icons/icon-192.png'],
      isActive: true,
    });
  const tomato = `Test Tomato ${tag}`;
  const tomatoTa = `சோதனைத் தக்காளி ${tag}`;
  const kg = await make(tomato, tomatoTa, 68, 2, 'kg');
  const pcs = await make(`Test Soap ${tag}`, `சோதனைச் சோப்பு ${tag}`, 30, 0, 'pcs');
  const litre = await make(`Test Oil ${tag}`, `சோதனை எண்ணெய் ${tag}`, 120, 0, 'l');
  return { kg: kg._id, pcs: pcs._id, litre: litre._id, tomato, tomatoTa, vendorId: kg.vendorId };
}

/** The customer orders 1.5 kg of tomatoes, 2 soaps and 1 l of oil: three lines of three units. */
async function placeOrder(baseURL: string, m: Made): Promise<string> {
  const token = await apiToken(baseURL, DEMO.customer);
  const res = await call<{ orders: Array<{ _id: string }> }>(baseURL, token, 'POST', 'Orders', {
    products: [
      { productId: m.kg, quantity: 1.5, price: 68, discount: 2, vendorId: m.vendorId },
      { productId: m.pcs, quantity: 2, price: 30, discount: 0, vendorId: m.vendorId },
      { productId: m.litre, quantity: 1, price: 120, discount: 0, vendorId: m.vendorId },
    ],
    totalAmount: 99 + 60 + 120,
    totalDiscount: 3,
    totalDeliveryDiscount: 0,
    shippingAddress: {
      address: '7 Kasturba Nagar 3rd Cross Street',
      city: 'Chennai',
      pincode: '600020',
      phoneNumber: DEMO.customer,
      area: 'Adyar',
    },
  });
  return res.orders[0]._id;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signInTamil(page: Page, phone: string) {
  await page.goto('/');
  await page.getByLabel(/^தொலைபேசி எண்/).fill(phone);
  await page.getByLabel('கடவுச்சொல்', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'உள்நுழை', exact: true }).click();
  await expect(page).toHaveURL(/\/Home$/);
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

    const orderId = await placeOrder(baseURL!, m);
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

    const orderId = await placeOrder(baseURL!, m);
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
