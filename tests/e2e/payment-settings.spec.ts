import { expect } from '@playwright/test';
import type { PaymentSettingsDto } from '../../core/schemas/payment';
import { test } from './fixtures';
import { disconnectPayments } from '../support/http-builders';
import { razorpayAccount } from '../support/razorpay-simulator';
import { apiToken, call, DEMO, signIn } from './helpers';

/**
 * The owner's payment provider on the Profile page (a phone, 390x844): Razorpay's keys entered once, then
 * "Connected" with the key id and the webhook address, and no secret anywhere on the page, after a reload
 * too; turned off after a confirmation, the form again. Kaveri Organics: its UPI sales (upi-provider.spec)
 * connect their own account and turn it off again, as this test does.
 */
let owner: string;

test.beforeAll(async ({ baseURL }) => {
  owner = await apiToken(baseURL!, DEMO.kaveri);
  await disconnectPayments(baseURL!, owner);
});
// the other tests of this worker's server sell at this shop with its own static QR
test.afterAll(async ({ baseURL }) => {
  await disconnectPayments(baseURL!, owner);
});

const settings = (baseURL: string) => call<PaymentSettingsDto>(baseURL, owner, 'GET', 'payments/settings');

test('the owner enters the keys once, sees Connected with the key id and never a secret, then turns it off', async ({ page, baseURL }) => {
  const account = razorpayAccount();
  await signIn(page, DEMO.kaveri);
  await page.goto('/profile');
  const card = page.getByTestId('payment-provider-card');
  await expect(card.getByRole('heading', { name: 'UPI payments confirmed by Razorpay' })).toBeVisible();

  // the core schema checks the form: nothing is sent without the keys
  await card.getByRole('button', { name: 'Save keys' }).click();
  await expect(card.getByText("Enter the API key id from the provider's dashboard")).toBeVisible();
  expect((await settings(baseURL!)).configured).toBe(false);

  await card.getByLabel('Key id').fill(account.keyId);
  await card.getByLabel('Key secret').fill(account.keySecret);
  await card.getByLabel('Webhook secret').fill(account.webhookSecret);
  await card.getByRole('button', { name: 'Save keys' }).click();

  const connected = card.getByTestId('payment-provider-connected');
  await expect(connected).toHaveText(`Connected: key ${account.keyId}`);
  await expect(card.getByTestId('payment-webhook-url')).toHaveText(`${baseURL}/api/payments/webhooks/razorpay`);
  expect(await settings(baseURL!)).toEqual({ provider: 'razorpay', keyId: account.keyId, configured: true });
  for (const secret of [account.keySecret, account.webhookSecret]) expect(await page.content()).not.toContain(secret);

  // the secrets are never shown again, after a reload neither
  await page.reload();
  await expect(connected).toHaveText(`Connected: key ${account.keyId}`);
  for (const secret of [account.keySecret, account.webhookSecret]) expect(await page.content()).not.toContain(secret);

  // turned off only after a confirmation: the form again
  await card.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off Razorpay?' });
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByLabel('Key id')).toHaveValue('');
  await expect(connected).toHaveCount(0);
  expect((await settings(baseURL!)).configured).toBe(false);
});
