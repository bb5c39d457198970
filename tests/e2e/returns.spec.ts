import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, countOutboxReplays, DEMO, makeProduct, replayOutboxAgain, serviceWorkerReady, signIn } from './helpers';
import { shopSale } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A return at the counter's desk (1280x800, English): a handed-over sale of two products, one of them
 * returned from the order's page, the refund worked out while typing; the credit note opens with its
 * own number against the sale's invoice, prints on an 80 mm roll, and is listed on the order.
 */
const stamp = Date.now().toString(36);
const SOAP = `E2E Return Soap ${stamp}`;
const DAL = `E2E Return Dal ${stamp}`;

interface CreditNote {
  _id: string;
  number: string;
  totals: { amount: number };
}

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, locale: 'en-IN' });

test('a line of a counter sale is returned from the order page and its credit note printed on 80 mm', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const soap = await makeProduct(baseURL!, DEMO.vendor, { name: SOAP, price: 50, shopPrice: 45, countInStock: 20 });
  const dal = await makeProduct(baseURL!, DEMO.vendor, { name: DAL, price: 125, shopPrice: 120, countInStock: 20 });
  const order = await shopSale(baseURL!, vendor, [
    { productId: soap._id, quantity: 3 },
    { productId: dal._id, quantity: 1 },
  ]);
  const stockOf = async (id: string) => (await call<{ countInStock: number }>(baseURL!, vendor, 'GET', `products/${id}`)).countInStock;
  expect(await stockOf(soap._id)).toBe(17);

  await signIn(page, DEMO.vendor);
  await page.goto(`/vendor/orders/${order._id}`);
  await page.getByTestId('return-goods').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Return goods of ${order.invoiceNumber}`);
  await expect(dialog.getByTestId('return-line')).toHaveCount(2);
  await expect(dialog.getByTestId('return-line').first()).toContainText('Sold 3 · returned 0');
  // a sale without a shop customer cannot be refunded to an account
  await expect(dialog.getByText("Customer's account", { exact: true })).toHaveCount(0);

  // the refund follows the quantity as it is typed
  const qty = dialog.getByLabel(`Quantity to return: ${SOAP}`);
  await qty.fill('2');
  await expect(dialog.getByTestId('return-total')).toHaveText('₹90.00');
  await qty.fill('1');
  await expect(dialog.getByTestId('return-total')).toHaveText('₹45.00');
  await dialog.getByText('UPI', { exact: true }).click();
  await dialog.getByTestId('return-save').click();

  // the credit note opens: its own series, against the sale's invoice
  await expect(page).toHaveURL(/\/credit-notes\/[0-9a-f-]{36}$/);
  const note = page.getByTestId('credit-note');
  await expect(note.getByTestId('cn-number')).toHaveText(/^[A-Z0-9]{1,3}-CN\/\d{2}\/\d{6}$/);
  const number = (await note.getByTestId('cn-number').textContent())!;
  await expect(note.getByTestId('cn-against')).toContainText(`Against invoice ${order.invoiceNumber}`);
  await expect(note.getByTestId('cn-line')).toHaveCount(1);
  await expect(note.getByTestId('cn-line')).toContainText(SOAP);
  await expect(note.getByTestId('cn-line')).toContainText('1 × ₹45.00');
  await expect(note.getByTestId('cn-tax')).toContainText('CGST');
  await expect(note.getByTestId('cn-total')).toHaveText('₹45.00');
  await expect(note).toContainText('Refunded by');
  await expect(note).toContainText('UPI');
  await expect(note).toHaveAttribute('data-paper', '80mm');
  expect(await stockOf(soap._id)).toBe(18);

  // printed: the page is 80 mm wide and carries the note's number
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('credit-note')).toContainText(number);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(Number(box![1])).toBeCloseTo((80 / 25.4) * 72, 0);
  await page.emulateMedia({ media: 'screen' });

  // the server has the same note, listed on the order with what is left to return
  const returns = await call<{ creditNotes: CreditNote[]; lines: Array<{ returnable: number }> }>(
    baseURL!,
    vendor,
    'GET',
    `Orders/${order._id}/returns`,
  );
  expect(returns.creditNotes.map((n) => [n.number, n.totals.amount])).toEqual([[number, 45]]);
  expect(returns.lines.map((l) => l.returnable)).toEqual([2, 1]);
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page.getByTestId('credit-note-row')).toHaveCount(1);
  await expect(page.getByTestId('credit-note-row')).toContainText(number);
  // a sale with returns is no longer voided: the button is gone
  await expect(page.getByTestId('void-sale')).toHaveCount(0);
});

test('a return saved offline waits in the outbox and makes one credit note when back online', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const name = `E2E Offline Return ${stamp}`;
  const soap = await makeProduct(baseURL!, DEMO.vendor, { name, price: 50, shopPrice: 45, countInStock: 20 });
  const order = await shopSale(baseURL!, vendor, [{ productId: soap._id, quantity: 3 }]);
  let posts = 0;
  context.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === `/api/Orders/${order._id}/returns`) posts++;
  });
  await countOutboxReplays(context);
  await signIn(page, DEMO.vendor);
  await page.goto(`/vendor/orders/${order._id}`);
  await expect(page.getByTestId('return-goods')).toBeEnabled();
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await page.getByTestId('return-goods').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('status')).toContainText('Offline');
  await dialog.getByLabel(`Quantity to return: ${name}`).fill('2');
  await expect(dialog.getByTestId('return-total')).toHaveText('₹90.00');
  await dialog.getByTestId('return-save').click();
  await expect(page.getByText('Return saved on this device. Its credit note is made when it syncs.')).toBeVisible();

  const notes = async () =>
    (await call<{ creditNotes: CreditNote[] }>(baseURL!, vendor, 'GET', `Orders/${order._id}/returns`)).creditNotes.map(
      (n) => n.totals.amount,
    );
  expect(await notes()).toEqual([]);
  await context.setOffline(false);
  await expect.poll(notes, { timeout: 60_000 }).toEqual([90]);
  // another replay sends whatever is left: nothing
  await replayOutboxAgain(page, context);
  expect(await notes()).toEqual([90]);
  expect(posts).toBe(1);
});
