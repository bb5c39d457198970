import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, DEMO, signIn } from './helpers';
import { lineOf, placeOrder, stockedProduct } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A customer's "notify me" button gives up with a message when the browser's push service does not
 * answer (a phone without Google Play services, a blocked network): after 10 s, not a spinner for ever.
 * The push service is the browser's, out of the test's reach: it is made to never answer.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('the notification button stops after 10 s without an answer and says so', async ({ page, context, baseURL }) => {
  const [order] = await placeOrder(baseURL!, await apiToken(baseURL!, DEMO.customer), [lineOf(await stockedProduct(baseURL!, 5))], {
    address: '3 Quiet Street',
  });
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    // the browser's push service never answers
    PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => {});
    PushManager.prototype.getSubscription = () => Promise.resolve(null);
  });
  await page.clock.install();
  await signIn(page, DEMO.customer);
  await page.goto(`/order/${order._id}`);
  const button = page.getByTestId('push-button');
  await button.click();
  await expect(button).toHaveAttribute('data-loading', 'true');
  await page.clock.runFor(9_000);
  await expect(page.getByText('Notifications could not be turned on. Try again when online.')).toHaveCount(0);
  await page.clock.runFor(1_500);
  await expect(page.getByRole('alert').filter({ hasText: 'Notifications could not be turned on. Try again when online.' })).toBeVisible();
  await expect(button).not.toHaveAttribute('data-loading', 'true');
});
