import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, signIn } from './helpers';
import { stockedProduct } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * After a customer's first order, once per device: a hint to add the app to the home screen, with the
 * browser's own install dialog where it offers one and the steps elsewhere; dismissed (or installed),
 * it never comes back, neither on the next order nor on a reload. Not shown in the installed app.
 */

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Puts one of the product in the cart from its page and places the order with the saved address; waits for
 * the order's page. `loaded` runs once the product's page has loaded (the rest is in the same document).
 */
async function orderOne(page: Page, productId: string, loaded?: () => Promise<void>) {
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
  await loaded?.();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/userOrder\//);
  await expect(page.getByTestId('order-status')).toBeVisible();
}

test('the first order shows how to add the app; dismissed, it comes back neither on the second order nor on a reload', async ({
  page,
  baseURL,
}) => {
  const product = await stockedProduct(baseURL!, 5);
  await signIn(page, DEMO.customer);

  await orderOne(page, product._id);
  const hint = page.getByTestId('install-hint');
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('Add Namma Kadai to your home screen');
  // a phone's Chrome that offered no install dialog (yet): the steps in its menu
  await expect(hint.getByTestId('install-steps')).toHaveText('Open the browser menu (⋮), then tap Add to Home screen or Install app.');
  await hint.getByRole('button', { name: 'Close the hint' }).click();
  await expect(hint).toHaveCount(0);

  await orderOne(page, product._id);
  await expect(page.getByTestId('install-hint')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('order-status')).toBeVisible();
  await expect(page.getByTestId('install-hint')).toHaveCount(0);
});

test("where the browser offers its install dialog, the hint's button opens it; installed, the hint goes for good", async ({
  page,
  baseURL,
}) => {
  // the browser's `beforeinstallprompt` as Chromium fires it on an installable page (a stand-in: headless Chromium does not)
  await page.addInitScript(() => {
    const w = window as unknown as { prompted: number; offerInstall: () => void };
    w.prompted = 0;
    w.offerInstall = () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          w.prompted++;
          window.dispatchEvent(new Event('appinstalled'));
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(event);
    };
  });
  const offerInstall = () => page.evaluate(() => (window as unknown as { offerInstall: () => void }).offerInstall());
  const product = await stockedProduct(baseURL!, 5);
  await signIn(page, DEMO.customer);

  await orderOne(page, product._id, offerInstall);
  const hint = page.getByTestId('install-hint');
  await expect(hint).toBeVisible();
  await expect(hint.getByTestId('install-steps')).toHaveCount(0);
  await hint.getByRole('button', { name: 'Add to home screen' }).click();
  await expect(hint).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);

  // a new page load, and the browser offers it again: still nothing
  await page.reload();
  await expect(page.getByTestId('order-status')).toBeVisible();
  await orderOne(page, product._id, offerInstall);
  await expect(page.getByTestId('install-hint')).toHaveCount(0);
});

test('the installed app (opened from the home screen) shows no hint', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === '(display-mode: standalone)' ? ({ ...matchMedia(query), matches: true } as MediaQueryList) : matchMedia(query);
  });
  const product = await stockedProduct(baseURL!, 5);
  await signIn(page, DEMO.customer);
  await orderOne(page, product._id);
  await expect(page.getByRole('heading', { name: /^Order / })).toBeVisible();
  await expect(page.getByTestId('install-hint')).toHaveCount(0);
});
