import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, freshPhone, readSmsCode, registerCustomerApi, signIn } from './helpers';

/** The update-profile page: a new phone is saved only after the code sent to it is entered. */

async function enterCode(page: Page, code: string) {
  const boxes = page.getByLabel('Phone code');
  await expect(boxes).toHaveCount(6);
  for (let i = 0; i < 6; i++) await boxes.nth(i).fill('');
  await boxes.first().click();
  await page.keyboard.type(code);
  await expect(boxes.last()).toHaveValue(code[5]);
}

test('a new phone: the other changes are saved, the code step confirms the phone, then it signs in', async ({ page, baseURL }) => {
  const oldPhone = await registerCustomerApi(baseURL!, 'Phone Changer', 'Phone@123');
  const newPhone = freshPhone();
  await signIn(page, oldPhone, 'Phone@123');
  await page.goto('/update-profile');
  await page.getByLabel('Name').fill('Phone Changer Two');
  await page.getByLabel('Phone', { exact: true }).fill(newPhone);
  // a wrong current password is named beside its field, and nothing is sent
  await page.getByLabel(/^Current password/).fill('Not@Mine42');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your current password is not right.')).toBeVisible();
  await page.getByLabel(/^Current password/).fill('Phone@123');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  // the code step: the server's message, nothing changed for the phone yet
  await expect(page.getByRole('heading', { name: 'Confirm your new phone' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'We sent a code to the new number. Enter it to confirm the change.' }),
  ).toBeVisible();
  const first = await readSmsCode(newPhone);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter the 6-digit code' })).toBeVisible();
  await enterCode(page, first === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid or expired code' })).toBeVisible();

  // a new code replaces the first one
  const resent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/profile' && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Send the code again' }).click();
  expect((await resent).status()).toBe(202);
  await enterCode(page, await readSmsCode(newPhone));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-name')).toHaveText('Phone Changer Two');
  await expect(page.getByText(newPhone, { exact: true })).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // signing in again before the logout has finished would race it
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signIn(page, newPhone, 'Phone@123');
});

test('"Change number" goes back to the form with the details kept', async ({ page, baseURL }) => {
  const phone = await registerCustomerApi(baseURL!, 'Phone Back', 'Phone@123');
  const other = freshPhone();
  await signIn(page, phone, 'Phone@123');
  await page.goto('/update-profile');
  await page.getByLabel('Phone', { exact: true }).fill(other);
  await page.getByLabel(/^Current password/).fill('Phone@123');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your new phone' })).toBeVisible();
  await page.getByRole('button', { name: 'Change number' }).click();
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(other);
  // back to the old number: an ordinary save
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(phone, { exact: true })).toBeVisible();
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });

  test('the old number undoes a phone change from the sign-in page, at 390 px', async ({ page, baseURL }) => {
    const phone = await registerCustomerApi(baseURL!, 'Undo Owner', 'Phone@123');
    const thief = freshPhone();
    // someone who knows the password moves the account to their own number
    const token = await apiToken(baseURL!, phone, 'Phone@123');
    await call(baseURL!, token, 'PUT', 'users/profile', { phone: thief, currentPassword: 'Phone@123' });
    await call(baseURL!, token, 'POST', 'users/verify-phone', { phone: thief, code: await readSmsCode(thief) });
    const undoCode = await readSmsCode(phone);

    await page.goto('/');
    await page.getByRole('link', { name: 'தொலைபேசி எண் மாற்றத்தைத் திரும்பப் பெறு' }).click();
    await expect(page).toHaveURL(/\/undo-phone-change$/);
    // the new screen drawn (the sign-in screen, with a phone field of the same name, stays up while it loads)
    await expect(page.getByRole('heading', { name: 'தொலைபேசி எண் மாற்றத்தைத் திரும்பப் பெறு' })).toBeVisible();
    await page.getByLabel(/^தொலைபேசி எண்/).fill(phone);
    await page.getByLabel(/^குறியீடு/).fill(undoCode);
    await page.getByLabel(/^புதிய கடவுச்சொல்/).fill('Mine#Again42');
    await page.getByLabel(/^மீண்டும் புதிய கடவுச்சொல்/).fill('Mine#Again42');
    await page.getByRole('button', { name: 'திரும்பப் பெறு' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'உங்கள் பழைய தொலைபேசி எண் கணக்கில் மீண்டும் சேர்க்கப்பட்டது' })).toBeVisible();
    // the account is back on the old number with the new password; the other number signs in no more
    expect(await apiToken(baseURL!, phone, 'Mine#Again42')).toBeTruthy();
    const stolen = await fetch(`${baseURL}/api/users/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: thief, password: 'Mine#Again42' }),
    });
    expect(stolen.status).toBe(401);
  });
});
