import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { call, connectRazorpay, disconnectPayments } from '../support/http-builders';
import { addToSale, apiToken, DEMO, makeProduct, serviceWorkerReady, signIn } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * The customer display (/display): on the counter's own computer it follows the bill over the browser
 * (BroadcastChannel, no network), in the language the customer picks on it; a tablet paired by the code it
 * shows follows the till through the server's stream, and shows a sale the provider confirmed as Paid.
 * Screenshots of the display at 1280x800 and 390x844, in English and Tamil, go to /tmp.
 */
const stamp = Date.now().toString(36);
const RICE = `E2E Display Rice ${stamp}`;
const DAL = `E2E Display Dal ${stamp}`;
const SHOP = 'Meenakshi Traders';
const SHOTS = '/tmp';
const DESK = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };
const TABLET = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.use(DESK);

test.beforeAll(async ({ baseURL }) => {
  await makeProduct(baseURL!, DEMO.vendor2, { name: RICE, Tamil: 'காட்சி அரிசி', price: 80, shopPrice: 68 });
  await makeProduct(baseURL!, DEMO.vendor2, { name: DAL, Tamil: 'காட்சி பருப்பு', price: 150, shopPrice: 140 });
});

/** The counter of the second demo shop, signed in. */
async function openCounter(page: Page) {
  await signIn(page, DEMO.vendor2);
  await page.goto('/order');
  await expect(page.getByTestId('product-finder')).toBeVisible();
}

test('on the same computer, /display follows the counter without the network, in English or Tamil', async ({ page, context }) => {
  await openCounter(page);
  // the app saved on the device first: the parts a sale loads when needed (the UPI QR among them) then come
  // from the service worker's cache once the network is gone
  await serviceWorkerReady(page);
  const display = await context.newPage();
  await display.goto('/display');
  await expect(display.getByTestId('display-idle')).toContainText('Welcome');
  // the page has no header of the app
  await expect(display.getByRole('banner')).toHaveCount(0);

  await addToSale(page, RICE);
  await expect(display.getByTestId('display-line')).toHaveCount(1);
  await expect(display.getByTestId('display-line')).toContainText(RICE);
  await expect(display.getByTestId('display-total')).toHaveText('₹68.00');
  // a till on this computer: no code to pair
  await expect(display.getByTestId('display-code-shown')).toHaveCount(0);

  await context.setOffline(true);
  await addToSale(page, DAL);
  await expect(display.getByTestId('display-total')).toHaveText('₹208.00');
  await page.getByRole('button', { name: 'UPI', exact: true }).click();
  // the shop's own QR for the exact amount, large, facing the customer
  const qr = display.getByTestId('display-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-link', /^upi:\/\/pay\?pa=meenakshi\.traders@oksbi&.*am=208\.00&/);
  expect((await qr.boundingBox())!.width).toBeGreaterThan(250);
  await context.setOffline(false);
  await display.screenshot({ path: `${SHOTS}/display-1280-en.png` });

  await display.getByRole('button', { name: 'தமிழ்' }).click();
  await expect(display.getByTestId('display-line').first()).toContainText('காட்சி அரிசி');
  await expect(display.getByText('மொத்தம்')).toBeVisible();
  await display.screenshot({ path: `${SHOTS}/display-1280-ta.png` });

  // the sale recorded (cash): thank you, paid; the choice of Tamil stays on the device
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(display.getByTestId('display-paid')).toContainText('₹208.00');
  await expect(display.getByText('நன்றி! மீண்டும் வருக.')).toBeVisible();
  await display.reload();
  await expect(display.getByTestId('display-paid')).toContainText('பணம் வந்தது');
});

test('a tablet paired by its code shows the till’s bill through the server, and a sale the provider confirmed as Paid', async ({
  page,
  browser,
  baseURL,
  e2eServer,
}) => {
  const owner = await apiToken(baseURL!, DEMO.vendor2);
  const tablet = await browser.newContext(TABLET);
  try {
    const screen = await tablet.newPage();
    await screen.goto('/display');
    const shown = screen.getByTestId('display-code-shown');
    await expect(shown).toBeVisible();
    const code = (await shown.getAttribute('data-code'))!;
    await screen.screenshot({ path: `${SHOTS}/display-390-code.png` });

    await openCounter(page);
    await page.getByTestId('customer-display').click();
    // a wrong code first: refused, nothing paired
    await page.getByTestId('display-code').fill('AAAAAA' === code ? 'BBBBBB' : 'AAAAAA');
    await page.getByTestId('pair-display').click();
    await expect(page.getByRole('alert')).toContainText('wrong or no longer valid');
    await page.getByTestId('display-code').fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
    await page.getByTestId('pair-display').click();
    await expect(page.getByTestId('paired-display')).toHaveCount(1);
    await page.keyboard.press('Escape');

    await expect(screen.getByTestId('customer-display')).toContainText(SHOP);
    await addToSale(page, RICE);
    await expect(screen.getByTestId('display-total')).toHaveText('₹68.00');
    await expect(screen.getByTestId('display-line')).toContainText(RICE);
    await page.getByRole('button', { name: 'UPI', exact: true }).click();
    await expect(screen.getByTestId('display-qr')).toHaveAttribute('data-link', /am=68\.00&/);
    await screen.screenshot({ path: `${SHOTS}/display-390-en.png` });
    await screen.getByRole('button', { name: 'தமிழ்' }).click();
    await expect(screen.getByTestId('display-line')).toContainText('காட்சி அரிசி');
    await screen.screenshot({ path: `${SHOTS}/display-390-ta.png` });
    await screen.getByRole('button', { name: 'English' }).click();

    // the shop takes UPI through its provider: the sale waits for the payment, the webhook makes it Paid on the tablet
    await connectRazorpay(baseURL!, owner, e2eServer.razorpay);
    try {
      await page.reload();
      await addToSale(page, DAL);
      await expect(screen.getByTestId('display-total')).toHaveText('₹140.00');
      await page.getByRole('button', { name: 'UPI', exact: true }).click();
      // the counter knows the provider: its QR comes with the sale
      await expect(page.getByTestId('upi-after-sale')).toBeVisible();
      await page.getByRole('button', { name: 'Create Order' }).click();
      const side = screen.locator('[data-order-id]');
      await expect(side).toHaveCount(1);
      const orderId = (await side.getAttribute('data-order-id'))!;
      await expect(screen.getByTestId('display-paid')).toHaveCount(0);
      // the QR the counter shows for the sale (given again), paid by the customer: the simulator posts its signed webhook
      const qr = await call<{ qrId: string }>(baseURL!, owner, 'POST', `Orders/${orderId}/upi-qr`);
      await e2eServer.razorpay.pay(qr.qrId);
      await expect(screen.getByTestId('display-paid')).toContainText('₹140.00 received', { timeout: 5_000 });
      await screen.screenshot({ path: `${SHOTS}/display-390-paid.png` });
    } finally {
      await disconnectPayments(baseURL!, owner);
    }
  } finally {
    await tablet.close();
  }
});
