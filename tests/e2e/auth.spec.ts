import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, readSmsCode, signIn } from './helpers';

/** A valid Indian mobile number no demo account uses. */
function freshPhone() {
  return `7${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

async function fillRegistration(page: Page, v: { name: string; phone: string; password: string; confirm?: string; area?: string }) {
  await page.getByLabel('Name').fill(v.name);
  await page.getByLabel('Phone').fill(v.phone);
  await page.getByLabel(/^Password/).fill(v.password);
  await page.getByLabel('Confirm Password').fill(v.confirm ?? v.password);
  await page.getByLabel('Address').fill('7 Pillaiyar Koil Street');
  await page.getByLabel('City').fill('Chennai');
  await page.getByLabel('Pincode').fill('600020');
  if (v.area !== undefined) {
    await page.getByRole('combobox', { name: 'Area' }).click();
    await page.getByRole('option', { name: v.area, exact: true }).click();
  }
}

const CODE_SENT = 'We sent a 6-digit code to your phone. Enter it to finish registering.';

/** Types a code into the 6 boxes of the registration code input. */
async function enterCode(page: Page, code: string) {
  const boxes = page.getByLabel('Registration code');
  await expect(boxes).toHaveCount(6);
  for (let i = 0; i < 6; i++) await boxes.nth(i).fill('');
  await boxes.first().click();
  await page.keyboard.type(code);
  await expect(boxes.last()).toHaveValue(code[5]);
}

async function registerCustomer(page: Page, phone: string, password = 'Secret@123', name = 'Kavitha Raman') {
  await page.goto('/register');
  await fillRegistration(page, { name, phone, password, area: 'Adyar' });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: CODE_SENT })).toBeVisible();
  await enterCode(page, await readSmsCode(phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/Home$/);
}

test('sign-in with a phone that is not 10 digits shows the toast and stays on sign-in', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Phone').fill('98765');
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // the spec's toast, and the same words beside the phone field
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid 10-digit Indian phone number' })).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('Please enter a valid 10-digit Indian phone number');
  await expect(page).toHaveURL(/\/$/);
  // the input keeps digits only and at most 10 of them
  await page.getByLabel('Phone').fill('');
  await page.getByLabel('Phone').pressSequentially('98a765-000019999');
  await expect(page.getByLabel('Phone')).toHaveValue('9876500001');
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Phone').fill(DEMO.customer);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid phone or password')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/');
  // the prerendered form's eye button works once the app has hydrated it
  await page.waitForFunction(() => (window as { __nkAppStarted?: boolean }).__nkAppStarted === true);
  const pw = page.getByLabel('Password', { exact: true });
  await pw.fill('abc123');
  await expect(pw).toHaveAttribute('type', 'password');
  await page.locator('.mantine-PasswordInput-visibilityToggle').click();
  await expect(pw).toHaveAttribute('type', 'text');
});

test('sign-in follows a same-app redirect and ignores one to another site', async ({ page }) => {
  await page.goto('/?redirect=/my-orders');
  await page.getByLabel('Phone').fill(DEMO.customer);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/my-orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();

  // a signed-in user opening sign-in or register goes home
  await page.goto('/');
  await expect(page).toHaveURL(/\/Home$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/Home$/);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/?redirect=//evil.example.com/x');
  await page.getByLabel('Phone').fill(DEMO.customer);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/Home$/);
});

test('registration names required fields, the phone and the password confirmation beside each field', async ({ page }) => {
  await page.goto('/register');
  // the area list loads from the server
  await page.getByRole('combobox', { name: 'Area' }).click();
  await expect(page.getByRole('option', { name: 'Mylapore', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Register' }).click();
  for (const label of [/^Name/, /^Address/, /^City/, /^Pincode/])
    await expect(page.getByLabel(label)).toHaveAccessibleDescription('Please fill in all required fields.');
  await expect(page.getByRole('combobox', { name: 'Area' })).toHaveAccessibleDescription('Please fill in all required fields.');
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(/^Please enter a valid 10-digit Indian phone number\./);
  // the contact number is optional
  await expect(page.getByLabel(/^Contact Number/)).not.toHaveAttribute('aria-invalid');

  await fillRegistration(page, { name: 'Test', phone: '1234567890', password: 'Secret@123', area: 'Adyar' });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(/^Please enter a valid 10-digit Indian phone number\./);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);

  await page.getByLabel('Phone').fill(freshPhone());
  await page.getByLabel('Confirm Password').fill('Secret@124');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('Passwords do not match.');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/register$/);
});

test('registering a phone that already has an account looks the same as a new one, and no code works', async ({ page }) => {
  await page.goto('/register');
  await fillRegistration(page, { name: 'Copy', phone: DEMO.customer, password: 'Secret@123', area: 'Adyar' });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: CODE_SENT })).toBeVisible();
  await enterCode(page, '123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid or expired code' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('the code step: a wrong code is refused, the code can be sent again, the details can be changed', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/register');
  await fillRegistration(page, { name: 'Selvi Arun', phone, password: 'Secret@123', area: 'Adyar' });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: CODE_SENT })).toBeVisible();
  const first = await readSmsCode(phone);

  // fewer than 6 digits, then a wrong code
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter the 6-digit code' })).toBeVisible();
  await enterCode(page, first === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid or expired code' })).toBeVisible();

  // back to the details: they are kept; the name is changed and sent again
  await page.getByRole('button', { name: 'Change details' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Selvi Arun');
  await expect(page.getByLabel('Phone')).toHaveValue(phone);
  await page.getByLabel('Name').fill('Selvi Arunachalam');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: CODE_SENT })).toBeVisible();

  // "Send the code again" re-submits the same details; only the newest code counts
  const resent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send the code again' }).click();
  expect((await resent).status()).toBe(202);
  const newest = await readSmsCode(phone);
  await enterCode(page, newest);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Selvi Arunachalam' })).toBeVisible();
});

test('a new customer registers and lands on their home', async ({ page }) => {
  const phone = freshPhone();
  await registerCustomer(page, phone, 'Secret@123', 'Kavitha Raman');
  await expect(page.getByRole('heading', { name: 'Welcome, Kavitha Raman' })).toBeVisible();
  await expect(page.getByText('Role: USER')).toBeVisible();
  // the session survives a reload and the saved address is on the profile
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Kavitha Raman');
  await expect(page.getByTestId('profile-address')).toContainText('7 Pillaiyar Koil Street, Adyar, Chennai - 600020');
});

test('forgot password: code by SMS, reset, then sign in with the new password', async ({ page }) => {
  const phone = freshPhone();
  await registerCustomer(page, phone, 'OldPass@1', 'Reset Tester');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Phone').fill('12345');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('Please enter a valid 10-digit Indian phone number.');

  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'one-time code has been sent' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel('Phone')).toHaveValue(phone);

  const code = await readSmsCode(phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Code').fill(wrong);
  await page.getByLabel(/^New Password/).fill('NewPass@2');
  await page.getByLabel('Confirm New Password').fill('NewPass@3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByLabel('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match.');
  await page.getByLabel('Confirm New Password').fill('NewPass@2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // the server's refusal names the code: it is said beside the code field
  await expect(page.getByLabel('Code')).toHaveAccessibleDescription(/^Invalid or expired code/);

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password has been reset' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);

  // the old password no longer works, the new one does
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('OldPass@1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid phone or password')).toBeVisible();
  await signIn(page, phone, 'NewPass@2');
  await expect(page.getByRole('heading', { name: 'Welcome, Reset Tester' })).toBeVisible();
});

test('a customer opening an admin page is sent to /unauthorized', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await page.goto('/userList');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Access Denied: You do not have permission to view this page.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/Home$/);
});

test('logout goes to sign-in and home is then closed', async ({ page }) => {
  await signIn(page, DEMO.vendor);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto('/Home');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Access Denied: You do not have permission to view this page.')).toBeVisible();
  // signing in from there brings the visitor back to where they wanted to go
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Phone').fill(DEMO.vendor);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // the server no longer accepts the old session's token after logout: checked by signing out again
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('session')!).state.userInfo.token);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const res = await page.request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
});
