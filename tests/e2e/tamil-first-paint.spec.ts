import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO } from './helpers';

/**
 * A Tamil phone sees Tamil from the first paint: the server sends the sign-in screen prerendered in the
 * device's language (its saved choice, else the browser's), and the language switch and the password's
 * eye work before the app has started. Each check runs with the app's script held or refused, so what
 * shows is the HTML alone.
 */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;
const password = (page: Page) => page.locator('input[autocomplete="current-password"]');

test.describe('a Tamil browser', () => {
  test.use({ locale: 'ta-IN' });

  test('paints the Tamil sign-in from the HTML; the switch and the eye work before the app starts', async ({ page }) => {
    await page.route(ENTRY, (r) => r.abort()); // the app never starts
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'sign-in');
    await expect(page.getByRole('button', { name: 'உள்நுழை', exact: true })).toBeVisible();
    await expect(page.getByText('Sign In', { exact: true })).toHaveCount(0);

    await password(page).fill('secret');
    await page.getByRole('button', { name: 'கடவுச்சொல்லைக் காட்டு / மறை' }).click();
    await expect(password(page)).toHaveAttribute('type', 'text');

    await page.getByLabel(/^தொலைபேசி எண்/).fill(DEMO.customer);
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    // the phone number comes along; the password never leaves its page
    await expect(page.getByLabel('Phone')).toHaveValue(DEMO.customer);
    await expect(password(page)).toHaveValue('');
  });

  test('what was typed, the eye and the Sign In pressed before the app started all survive it starting', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(ENTRY, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel(/^தொலைபேசி எண்/).fill(DEMO.customer);
    await password(page).fill(DEMO.password);
    await page.getByRole('button', { name: 'கடவுச்சொல்லைக் காட்டு / மறை' }).click();
    release();
    await page.waitForFunction(() => (window as Window & { __nkAppStarted?: boolean }).__nkAppStarted === true);
    // the app's field starts as the eye left it
    await expect(password(page)).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'கடவுச்சொல்லைக் காட்டு / மறை' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel(/^தொலைபேசி எண்/)).toHaveValue(DEMO.customer);
    await page.getByRole('button', { name: 'உள்நுழை', exact: true }).click();
    await expect(page).toHaveURL(/\/Home$/);
  });
});

test('an English browser on a device that chose Tamil gets the Tamil sign-in from the first paint', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('button', { name: 'உள்நுழை', exact: true })).toBeVisible();
  await page.route(ENTRY, (r) => r.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'sign-in');
  await expect(page.getByRole('button', { name: 'உள்நுழை', exact: true })).toBeVisible();
});

test('the first switch to Tamil shows Tamil only once its font is in, bold included: never empty boxes', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  // the app's own switch (before it starts, the switch loads the Tamil page from the server)
  await page.waitForFunction(() => (window as Window & { __nkAppStarted?: boolean }).__nkAppStarted === true);
  await page.getByTestId('language-switch').click();
  // at the first frame with Tamil text (the Sign In button is bold), both weights are already loaded
  const loaded = await page.evaluate(
    () =>
      new Promise<boolean[]>((resolve) => {
        const check = () => {
          if (document.body.innerText.includes('உள்நுழை'))
            resolve([document.fonts.check('400 16px "Noto Sans Tamil"', 'த'), document.fonts.check('700 16px "Noto Sans Tamil"', 'த')]);
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
  expect(loaded).toEqual([true, true]);
});

test('the Tamil sign-in fetches its font in both weights beside the HTML; the English one fetches none', async ({ request }) => {
  const preloads = async (headers: Record<string, string>) =>
    [
      ...(await (await request.get('/', { headers })).text()).matchAll(/<link rel="preload" as="font"[^>]+noto-sans-tamil-tamil-(\d+)/g),
    ].map((m) => m[1]);
  expect(await preloads({ 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.5' })).toEqual(['400', '700']);
  expect(await preloads({ 'accept-language': 'ta-IN', cookie: 'lang=en' })).toEqual([]);
  expect(await preloads({ 'accept-language': 'en-IN', cookie: 'lang=ta' })).toEqual(['400', '700']);
});
