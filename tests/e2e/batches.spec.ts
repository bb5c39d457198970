import { expect } from '@playwright/test';
import { test } from './fixtures';
import { istDayOf } from '../../core/sale-void';
import type { StockLedgerPage } from '../../core/schemas/stock';
import { dayFromToday } from '../support/batch-builders';
import { addToSale, apiToken, call, DEMO, makeProduct, signIn, signInTamil } from './helpers';

/**
 * Batches and expiry: a product kept in batches received on two bills (through the API), the nearer
 * expiry second. At the desk (1280x800) the counter line shows the nearest-expiry batch and the sale takes
 * it; on a phone in Tamil (390x844) "Expiring soon" lists that batch with its value at cost.
 */
const stamp = Date.now().toString(36);
const NAME = `E2E Batch Syrup ${stamp}`;
const NEAR = `N${stamp}`.toUpperCase();
const LATE = `L${stamp}`.toUpperCase();
let productId = '';

test.beforeAll(async ({ baseURL }) => {
  ({ _id: productId } = await makeProduct(baseURL!, DEMO.vendor, {
    name: NAME,
    Tamil: 'இருமல் மருந்து',
    price: 90,
    shopPrice: 85,
    countInStock: 0,
    tracksBatches: true,
  }));
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  for (const [number, days, quantity] of [
    [LATE, 300, 6],
    [NEAR, 20, 3],
  ] as const) {
    await call(baseURL!, vendor, 'POST', 'purchases', {
      supplier: { name: 'E2E Batch Supplier' },
      billNumber: `E2E-${number}`,
      billDate: istDayOf(new Date()),
      lines: [{ productId, quantity, unitCost: 40, gstRate: 12, batch: { number, expiry: dayFromToday(days), mrp: 90 } }],
    });
  }
});

test.describe('at the desk', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the counter line shows the nearest-expiry batch and the sale takes it', async ({ page, baseURL }) => {
    await signIn(page, DEMO.vendor);
    await page.goto('/order');
    await addToSale(page, NAME);
    await expect(page.getByTestId('batch-select')).toHaveValue(new RegExp(`^Nearest expiry: ${NEAR} `));
    await page.getByLabel(/^Address/).fill('1 Test Street');
    await page.getByLabel(/^City/).fill('Chennai');
    await page.getByLabel(/^Pincode/).fill('600017');
    await page.getByLabel(/^Phone number/).fill('9000000000');
    await page.getByRole('button', { name: 'Create Order' }).click();
    await expect(page.getByTestId('last-sale')).toBeVisible();
    const vendor = await apiToken(baseURL!, DEMO.vendor);
    const rows = (await call<StockLedgerPage>(baseURL!, vendor, 'GET', `stock/ledger?productId=${productId}`)).movements;
    expect(rows[rows.length - 1]).toMatchObject({ kind: 'sale', batches: [{ number: NEAR, quantity: -1 }] });
  });
});

test.describe('on a phone in Tamil', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

  test('"Expiring soon" lists the batch with its stock and value at cost', async ({ page }) => {
    await signInTamil(page, DEMO.vendor);
    await page.goto('/expiring');
    await expect(page.getByRole('heading', { name: 'விரைவில் காலாவதி' })).toBeVisible();
    const row = page.getByTestId('expiring-row').filter({ hasText: NEAR });
    await expect(row).toContainText('இருமல் மருந்து');
    await expect(row).toContainText(`தொகுதி ${NEAR}`);
    // neither the last window's tab nor a batch row goes past the screen's edge
    for (const shown of [row, page.getByText('90 நாள்', { exact: true })]) {
      const box = await shown.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
  });
});
