import { expect } from '@playwright/test';
import { formatRupees, toPaise, toRupees } from '../../core/money';
import { test } from './fixtures';
import { apiToken, DEMO, expectThumbSized, serviceWorkerReady, signInTamil } from './helpers';
import { deliverOrder, makeOrders, recordHandover, ridersCash } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A rider's cash on a phone (390 x 844) in Tamil: after two deliveries paid in cash, his Home and his
 * area's list show the cash he holds, and his cash page each shop's amount; once the shop records a
 * hand-over, a refresh shows him holding that much less, and the hand-over listed; offline, the copy saved on
 * the device.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

const stamp = Date.now().toString(36);
const AREA = 'Velachery';

test('a rider sees the cash he holds in Tamil, and less once the shop records a hand-over', async ({ page, context, baseURL }) => {
  const rider = await apiToken(baseURL!, DEMO.delivery);
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const [first, second] = await makeOrders(baseURL!, AREA, `E2E Cash St ${stamp}`, 2);
  const before = (await ridersCash(baseURL!, rider)).riders[0];
  await deliverOrder(baseURL!, rider, first._id);
  await deliverOrder(baseURL!, rider, second._id);
  const held = toRupees(toPaise(before.held) + toPaise(first.totalPayable) + toPaise(second.totalPayable));

  // Home: the cash he holds, above his areas
  await signInTamil(page, DEMO.delivery);
  const link = page.getByTestId('rider-cash-link');
  await expect(link).toContainText('உங்களிடம் உள்ள பணம்');
  await expect(link.getByTestId('rider-cash-held')).toHaveText(formatRupees(held));
  await expect(page.getByTestId('area-row').first()).toBeVisible();
  await expectThumbSized(page);

  // the area's list shows it too
  await page.goto(`/orders-by-area/${encodeURIComponent(AREA)}`);
  await expect(page.getByTestId('rider-cash-link').getByTestId('rider-cash-held')).toHaveText(formatRupees(held));

  // his cash page: the total and Murugan Stores' share, nothing handed over yet today
  await page.getByTestId('rider-cash-link').click();
  await expect(page).toHaveURL(/\/rider-cash$/);
  await expect(page.getByRole('heading', { name: 'உங்களிடம் உள்ள பணம்' })).toBeVisible();
  await expect(page.getByTestId('rider-cash-total')).toHaveText(formatRupees(held));
  await expect(page.getByText('கடை வாரியாக')).toBeVisible();
  const shop = page.getByTestId('rider-cash-shop').filter({ hasText: 'Murugan Stores' });
  const shopHeld = (await ridersCash(baseURL!, rider)).riders[0].shops!.find((s) => s.shopName === 'Murugan Stores')!.held;
  await expect(shop).toContainText(formatRupees(shopHeld));
  await expectThumbSized(page);

  // the shop counts the first order's cash and records it; he refreshes and holds that much less
  const note = `E2E hand-over ${stamp}`;
  await recordHandover(baseURL!, vendor, before.riderId, first.totalPayable, note);
  await page.reload();
  const left = toRupees(toPaise(held) - toPaise(first.totalPayable));
  await expect(page.getByTestId('rider-cash-total')).toHaveText(formatRupees(left));
  await expect(page.getByRole('heading', { name: 'ஒப்படைத்தது' })).toBeVisible();
  const handover = page.getByTestId('rider-handover').filter({ hasText: note });
  await expect(handover).toContainText(formatRupees(first.totalPayable));
  await expect(handover).toContainText('Murugan Stores');

  // offline, his cash page and his Home show the copy saved on the device, and say so
  await serviceWorkerReady(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('rider-cash-total')).toHaveText(formatRupees(left));
  await expect(page.getByTestId('saved-data-badge')).toBeVisible();
  await page.goto('/Home');
  await expect(page.getByTestId('rider-cash-held')).toHaveText(formatRupees(left));
  await context.setOffline(false);
});
