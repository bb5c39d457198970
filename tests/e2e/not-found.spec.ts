import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, signIn, signInTamil } from './helpers';

/**
 * An address the app does not have says "Page not found" with Home and Search, signed in or out, in
 * both languages; "Access denied" stays for a page of another kind of account.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('signed out, an unknown address offers Home (sign-in) and Search', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.getByText('Access Denied', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/product-search');
  await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a customer on an unknown address searches from there; a real role mismatch is still Access denied', async ({ page }) => {
  await signIn(page, DEMO.customer);
  await page.goto('/Home/typo');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/product-search$/);
  await page.goto('/userList');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Access Denied: You do not have permission to view this page.')).toBeVisible();
});

test('a vendor is offered their own products as Search', async ({ page }) => {
  await signIn(page, DEMO.vendor);
  await page.goto('/orders/nothing/here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/productList$/);
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN' });
  test('signed out and signed in, the page speaks Tamil', async ({ page }) => {
    await page.goto('/illai');
    await expect(page.getByRole('heading', { name: 'பக்கம் கிடைக்கவில்லை' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'தேடு' })).toBeVisible();
    await signInTamil(page, DEMO.customer);
    await page.goto('/illai');
    await expect(page.getByRole('heading', { name: 'பக்கம் கிடைக்கவில்லை' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'முகப்பு' })).toHaveAttribute('href', '/Home');
  });
});
