import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, freshPhone, makeProduct, signInTamil } from './helpers';
import { creditSale } from '../support/http-builders';

/**
 * The dues list on a phone (390 x 844) in Tamil: a customer who bought on credit is listed with their
 * balance by age, and the WhatsApp reminder carries, in Tamil, the amount due and a link to the shop's
 * payment page for exactly that amount.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

const stamp = Date.now().toString(36);
const UPI_ID = 'murugan.stores@okaxis';

test('the dues list and a WhatsApp reminder with the amount and a payment link, in Tamil', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const me = await call<{ name: string }>(baseURL!, vendor, 'GET', 'users/profile');
  await call(baseURL!, vendor, 'PUT', 'users/profile', { name: me.name, upiId: UPI_ID, currentPassword: DEMO.password });
  const product = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E Dues ${stamp}`, price: 130, shopPrice: 125.5 });
  const name = `முருகன் ${stamp}`;
  const customer = await call<{ _id: string; phone: string }>(baseURL!, vendor, 'POST', 'customers', {
    name,
    phone: freshPhone(),
    language: 'ta',
    creditDays: 7,
  });
  await creditSale(baseURL!, vendor, customer, [{ productId: product._id, quantity: 2 }]);
  await call(baseURL!, vendor, 'POST', `customers/${customer._id}/payments`, { amount: 51, method: 'cash' });

  await signInTamil(page, DEMO.vendor);
  await page.goto('/customers/dues');
  await expect(page.getByRole('heading', { name: 'நிலுவைகள்' })).toBeVisible();
  // a phone shows one card per customer: the balance 251 − 51 = 200, all of it 0-30 days old
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('₹200.00');
  await expect(card).toContainText('0-30 நாட்கள்');

  // tapping WhatsApp opens the chat with the text typed in (WhatsApp itself answers a stub here)
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const opened = page.waitForEvent('popup');
  await card.getByTestId('reminder-whatsapp').click();
  const chat = await opened;
  await chat.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(chat.url());
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/91${customer.phone}`);
  const text = url.searchParams.get('text')!;
  expect(text).toContain('நிலுவைத் தொகை ₹200.00');
  // the link is the app's own payment page (WhatsApp does not make upi:// tappable); it pays exactly the amount due
  const link = /https?:\/\/\S+\/pay\/([\w-]+)/.exec(text);
  expect(link).toBeTruthy();
  const pay = await call<{ amount: number; upiLink: string }>(baseURL!, vendor, 'GET', `pay/${link![1]}`);
  expect(pay.amount).toBe(200);
  const upi = new URL(pay.upiLink.replace('upi://pay?', 'https://x/?'));
  expect(upi.searchParams.get('pa')).toBe(UPI_ID);
  expect(upi.searchParams.get('am')).toBe('200.00');
  expect(upi.searchParams.get('cu')).toBe('INR');
});
