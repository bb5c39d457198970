import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, DEMO, readSmsCode, signIn } from './helpers';

const ROLE_HOMES = [
  {
    role: 'admin',
    phone: DEMO.admin,
    caps: 'Role: ADMIN',
    buttons: ['Dashboard', 'User Management', 'Toggle Vendor Status', 'This week', 'Create Sales Order', 'Pending Orders'],
    absent: ['Shop by Category'],
  },
  {
    role: 'vendor',
    phone: DEMO.vendor,
    caps: 'Role: VENDOR',
    buttons: ['This week', 'Create Sales Order', 'Pending Orders', 'Your Products', 'Vendor Orders'],
    absent: ['Dashboard', 'User Management', 'Shop by Category'],
  },
  {
    role: 'customer',
    phone: DEMO.customer,
    caps: 'Role: USER',
    buttons: ['Shop by Category', 'Search Products', 'My Orders'],
    absent: ['This week', 'Create Sales Order', 'User Management'],
  },
  {
    role: 'delivery',
    phone: DEMO.delivery,
    caps: 'Role: DELIVERY',
    buttons: [],
    absent: ['Create Sales Order', 'User Management', 'Shop by Category'],
  },
] as const;

for (const r of ROLE_HOMES) {
  test(`${r.role} signs in and sees their home`, async ({ page }) => {
    await signIn(page, r.phone);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(page.getByTestId('home-role')).toHaveText(r.caps);
    const main = page.getByRole('main');
    for (const b of r.buttons) await expect(main.getByRole('link', { name: b, exact: true })).toBeVisible();
    for (const b of r.absent) await expect(main.getByRole('link', { name: b, exact: true })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByTestId('announcements')).toBeVisible();
    const picker = page.getByTestId('area-picker');
    if (r.role === 'delivery' || r.role === 'admin') await expect(picker).toBeVisible();
    else await expect(picker).toHaveCount(0);
    // nothing is wider than the phone screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

test('an action button opens its screen', async ({ page }) => {
  await signIn(page, DEMO.vendor);
  await page.getByRole('main').getByRole('link', { name: 'Pending Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/PendingOrders$/);
});

test('delivery picks an area and goes to its pending orders', async ({ page }) => {
  await signIn(page, DEMO.delivery);
  await page
    .getByTestId('area-picker')
    .getByRole('link', { name: /^T\. Nagar, \d+ pending$/ })
    .click();
  await expect(page).toHaveURL(/\/orders-by-area\/T\.%20Nagar$/);
});

test('the newest announcement is shown first on the home screen', async ({ page, baseURL }) => {
  const token = await apiToken(baseURL!, DEMO.admin);
  const text = `Temple festival: shops close at 6 pm (${Date.now()})`;
  const res = await fetch(`${baseURL}/api/informations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ information: text }),
  });
  expect(res.status).toBe(201);
  await signIn(page, DEMO.customer);
  const card = page.getByTestId('announcements');
  await expect(card.getByText(text)).toBeVisible();
  await expect(card.locator('p').first()).toHaveText(text);
});

test('the header menus: vendor links in the drawer on a phone, Profile in the user menu', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'User Management' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Your Products' }).click();
  await expect(page).toHaveURL(/\/productList$/);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('link', { name: 'Namma Kadai home' }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByText(`Namma Kadai © ${new Date().getFullYear()}`)).toBeVisible();
});

test('a vendor sees GST number, shop name and commission on the profile; commission is not editable', async ({ page }) => {
  await signIn(page, DEMO.vendor);
  await page.goto('/profile');
  await expect(page.getByText('GST Number')).toBeVisible();
  await expect(page.getByText('Shop Name')).toBeVisible();
  await expect(page.getByText('Commission %')).toBeVisible();
  await page.getByRole('link', { name: 'Update Profile' }).click();
  await expect(page).toHaveURL(/\/update-profile$/);
  await expect(page.getByLabel('GST Number')).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: /Commission/ })).toHaveCount(0);
  // a malformed GSTIN is refused on the form and nothing is sent
  await page.getByLabel('GST Number').fill('12345');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter a valid 15-character GSTIN')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a customer updates their profile: name, email, a second address and password', async ({ page, baseURL }) => {
  // a fresh account, so the demo accounts stay as they are
  const phone = `6${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const post = (url: string, body: unknown) =>
    fetch(`${baseURL}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const submitted = await post('/api/users', {
    name: 'Profile Tester',
    phone,
    password: 'First@123',
    address: { address: '1 North Street', city: 'Madurai', pincode: '625001', phoneNumber: '', area: 'Adyar' },
  });
  expect(submitted.status).toBe(202);
  const reg = await post('/api/users/verify-registration', { phone, code: await readSmsCode(phone) });
  expect(reg.status).toBe(201);
  await signIn(page, phone, 'First@123');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Profile Tester');
  await expect(page.getByText('-', { exact: true })).toBeVisible(); // no email yet
  await page.getByRole('link', { name: 'Update Profile' }).click();

  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name').fill('Profile Tester Two');
  await page.getByLabel('Email').fill('tester@example.in');
  await page.getByRole('button', { name: '+ Add address' }).click();
  const second = page.getByTestId('address-fields').nth(1);
  await second.getByRole('textbox', { name: /^Address/ }).fill('22 South Masi Street');
  await second.getByLabel('City').fill('Madurai');
  await second.getByLabel('Pincode').fill('625001');
  await second.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Madurai - K. K. Nagar', exact: true }).click();
  await page.getByLabel(/^New Password/).fill('Second@123');
  await page.getByLabel('Confirm New Password').fill('Second@123');
  // a new password asks for the current one, beside its field
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter your current password to change the phone number, the password or the UPI ID.')).toBeVisible();
  await page.getByLabel(/^Current password/).fill('First@123');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-name')).toHaveText('Profile Tester Two');
  await expect(page.getByText('tester@example.in')).toBeVisible();
  await expect(page.getByTestId('profile-address')).toHaveCount(2);
  await expect(page.getByTestId('profile-address').nth(1)).toContainText('22 South Masi Street, Madurai - K. K. Nagar, Madurai - 625001');
  await expect(page.getByTestId('user-menu')).toContainText('Profile Tester Two');

  // remove the first address; blank password keeps the new one
  await page.getByRole('link', { name: 'Update Profile' }).click();
  await page.getByRole('button', { name: 'Remove address 1' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-address')).toHaveCount(1);
  await expect(page.getByTestId('profile-address')).toContainText('22 South Masi Street');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // signing in again before the logout has finished would race it
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signIn(page, phone, 'Second@123');
});
