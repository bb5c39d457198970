import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, freshPhone, makeProduct, signIn, signInTamil } from './helpers';
import { creditSale } from '../support/http-builders';

/**
 * A khata reminder that can be paid, on a phone (390 x 844): the vendor taps WhatsApp on a customer who
 * bought on credit, WhatsApp opens with the text carrying our /pay/ link, and that link, opened signed
 * out, shows the shop, the amount and the UPI QR code for it, in English and in Tamil.
 */
test.use({ viewport: { width: 390, height: 844 } });

const stamp = Date.now().toString(36);
const UPI_ID = 'murugan.stores@okaxis';

/** A customer of the demo vendor in `language` who bought 2 x ₹125.50 on credit: ₹251.00 due. */
async function owingCustomer(baseURL: string, language: 'en' | 'ta') {
  const vendor = await apiToken(baseURL, DEMO.vendor);
  const me = await call<{ name: string }>(baseURL, vendor, 'GET', 'users/profile');
  await call(baseURL, vendor, 'PUT', 'users/profile', { name: me.name, upiId: UPI_ID, currentPassword: DEMO.password });
  const product = await makeProduct(baseURL, DEMO.vendor, { name: `E2E Pay ${language} ${stamp}`, price: 130, shopPrice: 125.5 });
  const customer = await call<{ _id: string; name: string; phone: string }>(baseURL, vendor, 'POST', 'customers', {
    name: `Pay Customer ${language} ${stamp}`,
    phone: freshPhone(),
    language,
  });
  await creditSale(baseURL, vendor, customer, [{ productId: product._id, quantity: 2 }]);
  return customer;
}

/** Taps the customer page's WhatsApp reminder: answers the text of the chat WhatsApp opens with. */
async function whatsappReminder(page: Page, customerId: string, phone: string): Promise<string> {
  // WhatsApp itself is not reached from here: its page answers a stub, the address it was sent to is the point
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await page.goto(`/customers/${customerId}`);
  const opened = page.waitForEvent('popup');
  await page.getByTestId('reminder-whatsapp').click();
  const chat = await opened;
  await chat.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(chat.url());
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/91${phone}`);
  await chat.close();
  return url.searchParams.get('text')!;
}

/** Opens the payment page as someone not signed in (a context of its own: no session, nothing saved). */
async function openSignedOut(browser: Browser, baseURL: string, payUrl: string, locale: string) {
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(payUrl);
  return page;
}

/** The payment page shows the shop, the amount and a QR code and button for exactly that amount, and not who owes it. */
async function expectPayPage(page: Page, texts: { title: string; button: string }, customerName: string) {
  await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
  await expect(page.getByTestId('pay-amount')).toHaveText('₹251.00');
  const qr = page.getByTestId('upi-qr');
  await expect(qr.locator('svg')).toBeVisible();
  const link = (await qr.getAttribute('data-link'))!;
  const pay = new URL(link.replace('upi://pay?', 'https://x/?'));
  expect(pay.searchParams.get('pa')).toBe(UPI_ID);
  expect(pay.searchParams.get('am')).toBe('251.00');
  await expect(page.getByRole('link', { name: texts.button })).toHaveAttribute('href', link);
  await expect(page.locator('body')).not.toContainText(customerName);
}

test('the WhatsApp reminder carries a /pay/ link; opened signed out it shows the shop, the amount and the QR code', async ({
  page,
  baseURL,
  browser,
}) => {
  const customer = await owingCustomer(baseURL!, 'en');
  await signIn(page, DEMO.vendor);
  const text = await whatsappReminder(page, customer._id, customer.phone);
  expect(text).toContain(`Hello ${customer.name}, your balance due at Murugan Stores is ₹251.00.`);
  expect(text).not.toContain('upi://');
  const payUrl = new RegExp(`Pay by UPI: (${baseURL}/pay/[A-Za-z0-9_-]{43})$`, 'm').exec(text)?.[1];
  expect(payUrl, text).toBeTruthy();

  // recording a payment by UPI shows the same QR code, for the amount typed
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'UPI', exact: true }).click();
  await dialog.getByTestId('payment-amount').fill('100');
  const recorded = new URL((await dialog.getByTestId('upi-qr').getAttribute('data-link'))!.replace('upi://pay?', 'https://x/?'));
  expect(Object.fromEntries(recorded.searchParams)).toEqual({
    pa: UPI_ID,
    pn: 'Murugan Stores',
    am: '100.00',
    cu: 'INR',
    tn: 'Murugan Stores dues',
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const visitor = await openSignedOut(browser, baseURL!, payUrl!, 'en-IN');
  await expectPayPage(visitor, { title: 'Pay Murugan Stores', button: 'Pay with a UPI app' }, customer.name);
  // a link that does not exist says so, and shows nothing else
  await visitor.goto(`/pay/${'A'.repeat(43)}`);
  await expect(visitor.getByRole('alert')).toContainText('This payment link is not valid or has expired.');
  await expect(visitor.getByTestId('upi-qr')).toHaveCount(0);
  await expect(visitor.getByTestId('pay-amount')).toHaveCount(0);
  await visitor.context().close();
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN' });

  test("the reminder in the customer's Tamil carries the link, and the page reads in Tamil", async ({ page, baseURL, browser }) => {
    const customer = await owingCustomer(baseURL!, 'ta');
    await signInTamil(page, DEMO.vendor);
    const text = await whatsappReminder(page, customer._id, customer.phone);
    expect(text).toContain('நிலுவைத் தொகை ₹251.00');
    const payUrl = new RegExp(`யுபிஐ மூலம் செலுத்த: (${baseURL}/pay/[A-Za-z0-9_-]{43})$`, 'm').exec(text)?.[1];
    expect(payUrl, text).toBeTruthy();

    const visitor = await openSignedOut(browser, baseURL!, payUrl!, 'ta-IN');
    await expectPayPage(visitor, { title: 'Murugan Stores கடைக்குப் பணம் செலுத்துங்கள்', button: 'யுபிஐ மூலம் செலுத்துங்கள்' }, customer.name);
    await visitor.context().close();
  });
});
