import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { connectRazorpay, disconnectPayments, getOrder } from '../support/http-builders';
import type { RazorpaySimulator, RazorpayTestAccount } from '../support/razorpay-simulator';
import { addToSale, apiToken, DEMO, makeProduct, serviceWorkerReady, signIn, signInTamil, waitFor } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A UPI sale at a shop whose Razorpay account confirms its payments (docs/decisions/upi-confirmed-by-provider.md),
 * against the worker's Razorpay simulator: the counter shows the provider's QR for the exact amount once the
 * sale is recorded, and within 2 seconds of the signed webhook says "₹347.21 received" with the payer and the
 * UTR, aloud too, without a reload; the sale is Paid. In Tamil on a phone the same in Tamil. Closed unpaid, the
 * sale waits; the owner confirms it by hand with a reason, and the sale and its order page say so.
 */
const stamp = Date.now().toString(36);
const DAL = `E2E UPI Dal ${stamp}`;
const GHEE = `E2E UPI Ghee ${stamp}`;
const OIL = `E2E UPI Oil ${stamp}`;

let owner: string;
let account: RazorpayTestAccount;

test.beforeAll(async ({ baseURL, e2eServer }) => {
  owner = await apiToken(baseURL!, DEMO.kaveri);
  account = await connectRazorpay(baseURL!, owner, e2eServer.razorpay);
  for (const name of [DAL, GHEE, OIL]) await makeProduct(baseURL!, DEMO.kaveri, { name, price: 360, shopPrice: 347.21, countInStock: 50 });
});
// the other tests of this worker's server sell at a shop with its own static QR
test.afterAll(async ({ baseURL }) => {
  await disconnectPayments(baseURL!, owner);
});

/** The browser's speech synthesis, recorded: what the counter said aloud, and in which language. */
async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    const said: Array<{ text: string; lang: string }> = [];
    Object.assign(window, { said });
    const synth = {
      speak: (u: SpeechSynthesisUtterance) => said.push({ text: u.text, lang: u.lang }),
      cancel: () => {},
      getVoices: () => [],
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  });
}
const spoken = (page: Page) => page.evaluate(() => (window as unknown as { said: Array<{ text: string; lang: string }> }).said);

/** The QR the simulator made last for the shop's account, and the sale it is for. */
function lastQr(sim: RazorpaySimulator) {
  const qr = [...sim.qrs.values()].filter((q) => q.account === account).at(-1);
  if (!qr) throw new Error('the simulator made no QR for the shop');
  return { qrId: String(qr.entity.id), orderId: String((qr.request.notes as Record<string, string>).order_id) };
}

/** Chooses UPI and records the sale of the one product on the counter; the QR dialog follows. */
async function upiSale(page: Page, labels: { upi: string; create: string }) {
  await page.getByRole('button', { name: labels.upi, exact: true }).click();
  await expect(page.getByTestId('upi-after-sale')).toBeVisible();
  // no static QR of the shop's own UPI ID: the provider's comes with the sale
  await expect(page.getByTestId('upi-qr')).toHaveCount(0);
  await page.getByRole('button', { name: labels.create }).click();
  await expect(page.getByTestId('upi-provider-qr')).toBeVisible();
}

test.describe('at the desk', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("the provider's QR for the exact amount, then ₹347.21 received within 2 s of the webhook, said aloud; the sale is Paid, on the counter and on the customer display", async ({
    page,
    baseURL,
    e2eServer,
  }) => {
    await recordSpeech(page);
    await signIn(page, DEMO.kaveri);
    // the customer display on a second screen of the same computer follows the till
    const display = await page.context().newPage();
    await display.goto('/display');
    await page.goto('/order');
    await addToSale(page, DAL);
    await expect(page.getByTestId('order-total')).toHaveText('Order total: ₹347.21');
    await expect(display.getByTestId('display-total')).toHaveText('₹347.21');
    await expect(page.getByTestId('upi-after-sale')).toHaveCount(0);
    await upiSale(page, { upi: 'UPI', create: 'Create Order' });

    const dialog = page.getByTestId('upi-collect');
    await expect(dialog.getByTestId('upi-amount')).toHaveText('₹347.21');
    await expect(dialog.getByTestId('upi-provider-qr')).toHaveAttribute('data-link', /^upi:\/\/pay\?.*am=347\.21/);
    await expect(dialog.getByTestId('upi-time-left')).toHaveText(/^QR closes in 1[45]:\d\d$/);
    await expect(dialog.getByTestId('upi-leaves-pending')).toHaveText('Closing leaves the sale waiting for its payment (Pending).');
    // the provider's QR faces the customer too
    await expect(display.getByTestId('display-qr')).toHaveAttribute('data-link', /^upi:\/\/pay\?.*am=347\.21/);
    const { qrId, orderId } = lastQr(e2eServer.razorpay);
    expect(await getOrder(baseURL!, owner, orderId)).toMatchObject({ paymentStatus: 'Pending', paymentMethod: 'upi', payment: null });
    await page.screenshot({ path: test.info().outputPath('upi-qr-en-1280.png') });

    // the customer pays: the simulator posts its signed webhook to the server
    const hook = await e2eServer.razorpay.pay(qrId, { vpa: 'meena.k@okaxis', utr: '412345678901' });
    await expect(dialog.getByTestId('upi-received-amount')).toHaveText('₹347.21 received', { timeout: 2_000 });
    await expect(dialog.getByTestId('upi-payer')).toHaveText('From meena.k@okaxis');
    await expect(dialog.getByTestId('upi-utr')).toHaveText('UTR 412345678901');
    // and the customer's screen says it arrived, without a reload
    await expect(display.getByTestId('display-paid')).toContainText('₹347.21', { timeout: 2_000 });
    await expect(display.getByTestId('display-qr')).toHaveCount(0);
    await expect.poll(() => spoken(page)).toEqual([{ text: '347 rupees 21 paise received', lang: 'en-IN' }]);
    await page.screenshot({ path: test.info().outputPath('upi-received-en-1280.png') });

    const paid = await getOrder(baseURL!, owner, orderId);
    expect(paid).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'upi' });
    expect(paid.payment).toMatchObject({ paymentId: hook.payment.id, utr: '412345678901', confirmedBy: 'provider' });

    await dialog.getByTestId('upi-done').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('last-sale').getByTestId('upi-confirmation')).toHaveText('UPI confirmed · UTR 412345678901');
  });

  test('closed unpaid, the sale waits; the owner confirms it by hand with a reason, and the sale says so', async ({
    page,
    baseURL,
    e2eServer,
  }) => {
    await page.clock.install();
    await recordSpeech(page);
    await signIn(page, DEMO.kaveri);
    await page.goto('/order');
    await addToSale(page, OIL);
    await upiSale(page, { upi: 'UPI', create: 'Create Order' });
    const { orderId } = lastQr(e2eServer.razorpay);

    // the dialog closed without a payment: the counter says the sale still waits, and opens its QR again
    const dialog = page.getByTestId('upi-collect');
    await dialog.getByTestId('upi-close').click();
    await expect(dialog).toBeHidden();
    const bar = page.getByTestId('last-sale');
    await expect(bar.getByTestId('last-sale-upi-pending')).toHaveText('UPI not confirmed');
    expect(await getOrder(baseURL!, owner, orderId)).toMatchObject({ paymentStatus: 'Pending' });
    await bar.getByTestId('last-sale-upi').click();
    await expect(dialog.getByTestId('upi-provider-qr')).toBeVisible();

    // 15 minutes on, the QR has closed: the dialog says so and offers only the confirmation by hand or Close
    await page.clock.fastForward('16:00');
    await expect(dialog.getByTestId('upi-closed')).toHaveText(
      'The QR has closed without a payment. If the customer has paid, confirm it by hand.',
    );
    await expect(dialog.getByTestId('upi-provider-qr')).toHaveCount(0);
    await expect(dialog.getByRole('button')).toHaveText(['', 'Confirm by hand', 'Close']);
    await page.screenshot({ path: test.info().outputPath('upi-closed-en-1280.png') });
    // the page's clock back to the server's: the confirmation is dated by the tap, which the server checks
    await page.clock.setSystemTime(new Date());

    // by hand: a reason is needed
    await dialog.getByTestId('upi-by-hand').click();
    const reasonDialog = page.getByRole('dialog', { name: 'Confirm the UPI payment by hand' });
    await reasonDialog.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(reasonDialog.getByText('Give a reason, 3 to 200 characters')).toBeVisible();
    await reasonDialog.getByLabel('Why by hand').fill('Bank SMS seen, the network was slow');
    await page.screenshot({ path: test.info().outputPath('upi-by-hand-en-1280.png') });
    await reasonDialog.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(dialog.getByTestId('upi-by-hand-name')).toHaveText('Confirmed by hand by Kaveri Organics');
    await expect(dialog.getByTestId('upi-by-hand')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('upi-by-hand-done-en-1280.png') });
    // said aloud only when the provider confirms it
    expect(await spoken(page)).toEqual([]);
    await page.getByTestId('upi-done').click();
    await expect(bar.getByTestId('upi-confirmation')).toHaveText('Confirmed by hand by Kaveri Organics');

    const paid = await getOrder(baseURL!, owner, orderId);
    expect(paid).toMatchObject({ paymentStatus: 'Paid', payment: { paymentId: null, confirmedBy: { name: 'Kaveri Organics' } } });
    // the order's page and its bill say who signed for it
    await page.goto(`/vendor/orders/${orderId}`);
    await expect(page.getByTestId('upi-confirmation')).toHaveText('Confirmed by hand by Kaveri Organics');
    await page.goto(`/receipt/${orderId}`);
    await expect(page.getByTestId('upi-confirmation')).toHaveText('Confirmed by hand by Kaveri Organics');
  });
});

test.describe('paid after the dialog was closed', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the last sale turns UPI confirmed, with "₹347.21 received" shown and said', async ({ page, baseURL, e2eServer }) => {
    await recordSpeech(page);
    await signIn(page, DEMO.kaveri);
    await page.goto('/order');
    await addToSale(page, DAL);
    await upiSale(page, { upi: 'UPI', create: 'Create Order' });
    const { qrId, orderId } = lastQr(e2eServer.razorpay);
    await page.getByTestId('upi-collect').getByTestId('upi-close').click();
    const bar = page.getByTestId('last-sale');
    await expect(bar.getByTestId('last-sale-upi-pending')).toBeVisible();

    await e2eServer.razorpay.pay(qrId, { utr: '434567890123' });
    await expect(bar.getByTestId('upi-confirmation')).toHaveText('UPI confirmed · UTR 434567890123', { timeout: 2_000 });
    await expect(page.getByText('₹347.21 received')).toBeVisible();
    await expect.poll(() => spoken(page)).toEqual([{ text: '347 rupees 21 paise received', lang: 'en-IN' }]);
    expect(await getOrder(baseURL!, owner, orderId)).toMatchObject({ paymentStatus: 'Paid', payment: { confirmedBy: 'provider' } });
  });
});

test.describe('offline at the desk', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the owner confirms by hand offline: queued after the sale, it is sent when back online', async ({ page, context, baseURL }) => {
    await signIn(page, DEMO.kaveri);
    await page.goto('/order');
    await expect(page.getByTestId('product-finder')).toBeVisible();
    // the service worker keeps the app; the products and the shop's provider are saved on the device
    await serviceWorkerReady(page);
    await addToSale(page, OIL);
    await expect(page.getByTestId('order-total')).toHaveText('Order total: ₹347.21');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'UPI', exact: true }).click();
    await expect(page.getByTestId('upi-after-sale')).toBeVisible();
    await page.getByRole('button', { name: 'Create Order' }).click();

    const dialog = page.getByTestId('upi-collect');
    await expect(dialog).toContainText('The sale is saved on this device. Its QR comes when the sale reaches the server.');
    await dialog.getByTestId('upi-by-hand').click();
    const reasonDialog = page.getByRole('dialog', { name: 'Confirm the UPI payment by hand' });
    await reasonDialog.getByLabel('Why by hand').fill('Customer showed the bank SMS, no network');
    await reasonDialog.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(dialog.getByTestId('upi-by-hand-queued')).toHaveText(
      'The confirmation is saved on this device: it is sent after the sale when you are back online.',
    );
    await dialog.getByTestId('upi-done').click();
    const bar = page.getByTestId('last-sale');
    await expect(bar).toContainText('Confirmation saved on this device');
    const orderId = decodeURIComponent((await bar.getByTestId('last-sale-bill').getAttribute('href'))!.split('/').pop()!);

    await context.setOffline(false);
    const paid = await waitFor(
      () => getOrder(baseURL!, owner, orderId).catch(() => null),
      (o) => o?.paymentStatus === 'Paid',
      30_000,
      'the sale, then its confirmation by hand, on the server',
    );
    expect(paid!.payment).toMatchObject({ paymentId: null, confirmedBy: { name: 'Kaveri Organics' } });
  });
});

test.describe('in Tamil on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

  test('the QR, then the Tamil "received" message, said in Tamil', async ({ page, baseURL, e2eServer }) => {
    await recordSpeech(page);
    await signInTamil(page, DEMO.kaveri);
    await page.goto('/order');
    await addToSale(page, GHEE);
    await expect(page.getByTestId('order-total')).toContainText('₹347.21');
    await upiSale(page, { upi: 'யுபிஐ', create: 'விற்பனையைச் சேமி' });
    const dialog = page.getByTestId('upi-collect');
    await expect(dialog.getByTestId('upi-time-left')).toHaveText(/^QR மூட இன்னும் 1[45]:\d\d$/);
    await page.screenshot({ path: test.info().outputPath('upi-qr-ta-390.png') });

    const { qrId, orderId } = lastQr(e2eServer.razorpay);
    await e2eServer.razorpay.pay(qrId, { vpa: 'kavya.r@okicici', utr: '423456789012' });
    await expect(dialog.getByTestId('upi-received-amount')).toHaveText('₹347.21 பெறப்பட்டது', { timeout: 2_000 });
    await expect(dialog.getByTestId('upi-payer')).toHaveText('kavya.r@okicici கணக்கிலிருந்து');
    await expect(dialog.getByTestId('upi-utr')).toHaveText('UTR 423456789012');
    await expect.poll(() => spoken(page)).toEqual([{ text: '347 ரூபாய் 21 பைசா பெறப்பட்டது', lang: 'ta-IN' }]);
    await page.screenshot({ path: test.info().outputPath('upi-received-ta-390.png') });
    expect(await getOrder(baseURL!, owner, orderId)).toMatchObject({ paymentStatus: 'Paid' });

    await dialog.getByTestId('upi-done').click();
    await expect(page.getByTestId('last-sale').getByTestId('upi-confirmation')).toHaveText('யுபிஐ பணம் உறுதியானது · UTR 423456789012');
    await page.screenshot({ path: test.info().outputPath('upi-last-sale-ta-390.png'), fullPage: true });
  });
});
