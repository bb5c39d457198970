import { expect, type Page } from '@playwright/test';
import { istDayOf } from '../../core/sale-void';
import { test } from './fixtures';
import { apiToken, call, DEMO, makeProduct, type MadeProduct, signIn } from './helpers';

/**
 * A purchase order received in two parts, at 1280 x 800: made from the reorder list for the products'
 * last supplier, received in part (the order shows what is still to come), then the rest: the order says Received.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const stamp = Date.now().toString(36);
const SUPPLIER = `E2E PO Supplier ${stamp}`;
let rice: MadeProduct, dal: MadeProduct;

test.beforeAll(async ({ baseURL }) => {
  // none in stock (so both are due for reordering); a first bill of one piece each names their supplier
  rice = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E PO Rice ${stamp}`, price: 100, shopPrice: 90, countInStock: 0 });
  dal = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E PO Dal ${stamp}`, price: 120, shopPrice: 110, countInStock: 0 });
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  await call(baseURL!, vendor, 'POST', 'purchases', {
    supplier: { name: SUPPLIER },
    billNumber: `PO-FIRST-${stamp}`,
    billDate: istDayOf(new Date()),
    lines: [
      { productId: rice._id, quantity: 1, unitCost: 50, gstRate: 0 },
      { productId: dal._id, quantity: 1, unitCost: 80, gstRate: 0 },
    ],
  });
});

/** Fills the cost of each line of the receive-goods form (the quantities came from the order) and saves the bill. */
async function saveBill(page: Page, bill: string, costs: Record<string, string>) {
  await page.getByTestId('bill-number').fill(bill);
  for (const [name, cost] of Object.entries(costs)) {
    await page.getByTestId('purchase-line').filter({ hasText: name }).getByTestId('line-cost').fill(cost);
  }
  await page.getByTestId('save-purchase').click();
  await expect(page).toHaveURL(/\/purchases\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Bill ${bill}` })).toBeVisible();
}

const lineOf = (page: Page, name: string) => page.getByTestId('po-line').filter({ hasText: name });

test('a purchase order received in two parts', async ({ page }) => {
  await signIn(page, DEMO.vendor);
  await page.goto('/reorder');
  // only the two products of this test: everything else is left out
  await expect(page.getByTestId('reorder-row').filter({ hasText: rice.name })).toBeVisible();
  await page.getByLabel('Select all').uncheck();
  for (const [p, quantity] of [
    [rice, '10'],
    [dal, '4'],
  ] as const) {
    const row = page.getByTestId('reorder-row').filter({ hasText: p.name });
    await row.getByRole('checkbox').check();
    await row.getByTestId('reorder-quantity').fill(quantity);
  }
  await page.getByTestId('make-orders').click();
  // both products were last bought from the same supplier: one order
  await expect(page.getByTestId('po-group')).toHaveCount(1);
  await expect(page.getByTestId('po-group')).toContainText(`${SUPPLIER}: 2 products`);
  await page.getByTestId('po-create').click();
  await expect(page).toHaveURL(/\/purchase-orders$/);

  await page.getByTestId('po-row').filter({ hasText: SUPPLIER }).click();
  await expect(page).toHaveURL(/\/purchase-orders\/[0-9a-f-]{36}$/);
  const orderUrl = page.url();
  await expect(page.getByTestId('po-status')).toHaveText('Open');
  await expect(page.getByTestId('po-number')).toHaveText(/^[A-Z0-9]{1,3}-PO\/\d{2}\/\d{6}$/);
  await expect(lineOf(page, rice.name).getByTestId('po-to-come')).toHaveText('To come 10');
  await expect(lineOf(page, dal.name).getByTestId('po-to-come')).toHaveText('To come 4');

  // the first part: 6 of the rice and all the dal
  await page.getByTestId('po-receive').click();
  await expect(page).toHaveURL(/\/purchases\/new\?po=/);
  await expect(page.getByTestId('receiving-for')).toBeVisible();
  await expect(page.getByTestId('supplier-name')).toHaveValue(SUPPLIER);
  await expect(page.getByTestId('purchase-line')).toHaveCount(2);
  const riceLine = page.getByTestId('purchase-line').filter({ hasText: rice.name });
  await expect(riceLine.getByTestId('line-quantity')).toHaveValue('10');
  await riceLine.getByTestId('line-quantity').fill('6');
  await saveBill(page, `PO-A-${stamp}`, { [rice.name]: '50', [dal.name]: '80' });

  await page.goto(orderUrl);
  await expect(page.getByTestId('po-status')).toHaveText('Partly received');
  await expect(lineOf(page, rice.name).getByTestId('po-to-come')).toHaveText('To come 4');
  await expect(lineOf(page, dal.name).getByTestId('po-to-come')).toHaveText('To come 0');
  await expect(page.getByTestId('po-receipts')).toContainText(`PO-A-${stamp}`);

  // the rest: the form holds only what is still to come
  await page.getByTestId('po-receive').click();
  await expect(page.getByTestId('purchase-line')).toHaveCount(1);
  await expect(page.getByTestId('purchase-line').getByTestId('line-quantity')).toHaveValue('4');
  await saveBill(page, `PO-B-${stamp}`, { [rice.name]: '50' });

  await page.goto(orderUrl);
  await expect(page.getByTestId('po-status')).toHaveText('Received');
  await expect(lineOf(page, rice.name).getByTestId('po-to-come')).toHaveText('To come 0');
  await expect(page.getByTestId('po-receipts')).toContainText(`PO-B-${stamp}`);
  await expect(page.getByTestId('po-receive')).toHaveCount(0);
});
