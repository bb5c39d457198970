import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, freshPhone, makeProduct } from './helpers';

/**
 * The dues list on a phone (390 x 844) in Tamil: a customer who bought on credit is listed with their
 * balance by age, and the WhatsApp reminder carries, in Tamil, the amount due and a UPI link for
 * exactly that amount.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

const stamp = Date.now().toString(36);
const UPI_ID = 'murugan.stores@okaxis';

test('the dues list and a WhatsApp reminder with the amount and a UPI link, in Tamil', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const me = await call<{ name: string }>(baseURL!, vendor, 'GET', 'users/profile');
  await call(baseURL!, vendor, 'PUT', 'users/profile', { name: me.name, upiId: UPI_ID, currentPassword: DEMO.password });
  const product = await makeProduct(baseURL!, DEMO.vendor, {
    name: `E2E Dues ${stamp}`,
    Tamil: '',
    price: 130,
    shopPrice: 125.5,
    discount: 0,
  });
  const name = `முருகன் ${stamp}`;
  const customer = await call<{ _id: string; phone: string }>(baseURL!, vendor, 'POST', 'customers', {
    name,
    phone: freshPhone(),
    language: 'ta',
    creditDays: 7,
  });
  await call(baseURL!, vendor, 'POST', 'Orders', {
    isShop: true,
    products: [{ productId: product._id, quantity: 2 }],
    shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: customer.phone },
    customerId: customer._id,
    paymentMethod: 'credit',
    handedOver: true,
  });
  await call(baseURL!, vendor, 'POST', `customers/${customer._id}/payments`, { amount: 51, method: 'cash' });

  await page.goto('/');
  await page.getByLabel(/^தொலைபேசி எண்/).fill(DEMO.vendor);
  await page.getByLabel('கடவுச்சொல்', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'உள்நுழை', exact: true }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await page.goto('/customers/dues');
  await expect(page.getByRole('heading', { name: 'நிலுவைகள்' })).toBeVisible();
  // a phone shows one card per customer: the balance 251 − 51 = 200, all of it 0-30 days old
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('₹200.00');
  await expect(card).toContainText('0-30 நாட்கள்');

  const whatsapp = card.getByTestId('reminder-whatsapp');
  const href = (await whatsapp.getAttribute('href'))!;
  const url = new URL(href);
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/91${customer.phone}`);
  const text = url.searchParams.get('text')!;
  expect(text).toContain('நிலுவைத் தொகை ₹200.00');
  const upi = /upi:\/\/pay\?\S+/.exec(text)?.[0];
  expect(upi).toBeTruthy();
  const pay = new URL(upi!.replace('upi://pay?', 'https://x/?'));
  expect(pay.searchParams.get('pa')).toBe(UPI_ID);
  expect(pay.searchParams.get('am')).toBe('200.00');
  expect(pay.searchParams.get('cu')).toBe('INR');
  // the SMS link carries the same text
  const sms = (await card.getByTestId('reminder-sms').getAttribute('href'))!;
  expect(sms.startsWith(`sms:+91${customer.phone}?body=`)).toBe(true);
  expect(decodeURIComponent(sms.split('?body=')[1])).toBe(text);
});
