import { expect, type Page } from '@playwright/test';
import { formatRupees, toPaise, toRupees } from '../../core/money';
import type { CashbookResponse, ExpensesResponse } from '../../core/schemas/expense';
import type { SupplierAccountDto, SupplierLedgerResponse } from '../../core/schemas/supplier';
import { test } from './fixtures';
import {
  apiToken,
  call,
  countOutboxReplays,
  DEMO,
  expectThumbSized,
  makeProduct,
  replayOutboxAgain,
  serviceWorkerReady,
  signIn,
  signInTamil,
} from './helpers';
import { receivePurchase } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * The shop's books through the screens: at 1280 x 800 the owner pays part of a supplier's bill (the payables
 * shrink, the ledger shows it), records an expense, and reads the day's cash book; a payment made offline waits
 * in the outbox and reaches the server once. On a phone in Tamil, the payables list.
 */
const stamp = Date.now().toString(36);
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** A supplier owed `total` rupees on one bill received today; answers its account. */
async function owedSupplier(baseURL: string, name: string, total: number): Promise<SupplierAccountDto> {
  const vendor = await apiToken(baseURL, DEMO.vendor);
  const product = await makeProduct(baseURL, DEMO.vendor, { name: `E2E Books ${name}`, price: 100, shopPrice: 90 });
  await receivePurchase(baseURL, vendor, {
    supplier: name,
    productId: product._id,
    unitCost: total / 2,
    quantity: 2,
    billNumber: `B-${name}`,
  });
  const suppliers = await call<SupplierAccountDto[]>(baseURL, vendor, 'GET', 'suppliers');
  return suppliers.find((s) => s.name === name)!;
}

const payablesRow = (page: Page, name: string) => page.getByTestId('row').filter({ hasText: name });

test.describe('at 1280 x 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the owner pays part of a bill: the payables shrink and the ledger shows the payment', async ({ page, baseURL }) => {
    const name = `E2E Supplier Pay ${stamp}`;
    const supplier = await owedSupplier(baseURL!, name, 1000);
    await signIn(page, DEMO.vendor);
    await page.goto('/Home');
    await page.getByRole('link', { name: 'Payables' }).first().click();
    await expect(page).toHaveURL(/\/payables$/);
    await expect(page.getByRole('heading', { name: 'Payables' })).toBeVisible();
    // the table: owed, nothing overdue yet (due in the supplier's credit days), all of it 0-30 days old
    const row = payablesRow(page, name);
    await expect(row).toContainText(formatRupees(1000));
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/suppliers/${supplier._id}$`));
    await expect(page.getByTestId('supplier-balance')).toHaveText(formatRupees(1000));

    await page.getByTestId('pay-supplier').click();
    const dialog = page.getByRole('dialog', { name: `Pay ${name}` });
    // prefilled with all that is owed; more than that is refused before sending
    await expect(dialog.getByTestId('supplier-payment-amount')).toHaveValue('1000');
    await dialog.getByTestId('supplier-payment-amount').fill('1200');
    await dialog.getByTestId('save-supplier-payment').click();
    await expect(dialog.getByText('The payment is more than is owed to this supplier (₹1000.00)')).toBeVisible();
    await dialog.getByTestId('supplier-payment-amount').fill('400');
    await dialog.getByRole('button', { name: 'Cash' }).click();
    await dialog.getByLabel('Note').fill(`E2E part ${stamp}`);
    await dialog.getByTestId('save-supplier-payment').click();
    await expect(page.getByText(`Payment recorded. Still owed: ${formatRupees(600)}.`)).toBeVisible();
    await expect(page.getByTestId('supplier-balance')).toHaveText(formatRupees(600));
    // the ledger: the bill (+1000, balance 1000), then the payment (−400, balance 600)
    const rows = page.getByTestId('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Bill B-${name}`);
    await expect(rows.nth(0)).toContainText(`+ ${formatRupees(1000)}`);
    await expect(rows.nth(1)).toContainText('Payment (Cash)');
    await expect(rows.nth(1)).toContainText(`− ${formatRupees(400)}`);
    await expect(rows.nth(1)).toContainText(formatRupees(600));

    await page.getByRole('link', { name: 'Payables' }).first().click();
    await expect(payablesRow(page, name)).toContainText(formatRupees(600));
    await page.screenshot({ path: `/tmp/shots/payables-1280-en.png`, fullPage: true });
  });

  test('an expense is recorded and listed with the totals by category', async ({ page, baseURL }) => {
    const vendor = await apiToken(baseURL!, DEMO.vendor);
    const before = await call<ExpensesResponse>(baseURL!, vendor, 'GET', `expenses?from=${istToday()}`);
    const note = `E2E tea ${stamp}`;
    await signIn(page, DEMO.vendor);
    await page.goto('/expenses');
    await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();
    await page.getByTestId('add-expense').click();
    const dialog = page.getByRole('dialog', { name: 'Record an expense' });
    // nothing chosen: the schema's own refusal, nothing sent
    await dialog.getByTestId('save-expense').click();
    await expect(dialog.getByText('Please fill in all required fields.').first()).toBeVisible();
    await dialog.getByTestId('expense-category').selectOption({ label: 'Tea and snacks' });
    // as a shopkeeper types money: the trailing zero is kept, and the amount still counts
    await dialog.getByTestId('expense-amount').fill('45.50');
    await dialog.getByLabel('Note').fill(note);
    await dialog.getByTestId('save-expense').click();
    await expect(page.getByText('Expense recorded.')).toBeVisible();
    const row = page.getByTestId('row').filter({ hasText: note });
    await expect(row).toContainText('Tea and snacks');
    await expect(row).toContainText(formatRupees(45.5));
    await expect(row).toContainText('Cash');
    // the month's total counts it (the range opens on the 1st: today's expenses are in it)
    const month = await call<ExpensesResponse>(baseURL!, vendor, 'GET', `expenses?from=${istToday().slice(0, 8)}01&to=${istToday()}`);
    await expect(page.getByTestId('expenses-total')).toHaveText(`Total: ${formatRupees(month.total)}`);
    const after = await call<ExpensesResponse>(baseURL!, vendor, 'GET', `expenses?from=${istToday()}`);
    expect(toPaise(after.total) - toPaise(before.total)).toBe(4550);
    await page.screenshot({ path: `/tmp/shots/expenses-1280-en.png`, fullPage: true });
  });

  test("the day's cash book: the opening, a cash expense and a supplier payment as outs, the closing", async ({ page, baseURL }) => {
    const vendor = await apiToken(baseURL!, DEMO.vendor);
    const name = `E2E Supplier Cash ${stamp}`;
    const supplier = await owedSupplier(baseURL!, name, 300);
    await call(baseURL!, vendor, 'POST', 'expenses', { category: 'transport', amount: 120, method: 'cash', date: istToday() });
    await call(baseURL!, vendor, 'POST', `suppliers/${supplier._id}/payments`, { amount: 250, method: 'cash' });
    const book = await call<CashbookResponse>(baseURL!, vendor, 'GET', `reports/cashbook?date=${istToday()}`);

    await signIn(page, DEMO.vendor);
    await page.goto('/cashbook');
    await expect(page.getByRole('heading', { name: 'Cash book' })).toBeVisible();
    const sheet = page.getByTestId('cashbook-sheet');
    await expect(sheet.getByTestId('cb-opening')).toHaveText(formatRupees(book.opening));
    const payment = sheet.locator('[data-kind="supplierPayment"]').filter({ hasText: name });
    await expect(payment).toContainText(`Supplier payment: ${name}`);
    await expect(payment).toContainText(`− ${formatRupees(250)}`);
    await expect(
      sheet
        .locator('[data-kind="expense"]')
        .filter({ hasText: formatRupees(120) })
        .first(),
    ).toContainText('Expense');
    // closing = opening + cash in − cash out, to the paisa
    const [opening, ins, outs, closing] = await Promise.all(
      ['cb-opening', 'cb-in', 'cb-out', 'cb-closing'].map(async (id) => money(await sheet.getByTestId(id).textContent())),
    );
    expect(outs).toBeGreaterThanOrEqual(370);
    expect(toPaise(closing)).toBe(toPaise(opening) + toPaise(ins) - toPaise(outs));
    expect(closing).toBe(book.closing);
    await expect(page.getByRole('button', { name: 'Print cash book' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Cash book' })).toBeHidden();
    await expect(sheet.getByTestId('cb-closing')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await page.screenshot({ path: `/tmp/shots/cashbook-1280-en.png`, fullPage: true });
  });

  test('a supplier payment made offline waits, then reaches the server exactly once', async ({ page, context, baseURL }) => {
    const name = `E2E Supplier Offline ${stamp}`;
    const supplier = await owedSupplier(baseURL!, name, 800);
    const vendor = await apiToken(baseURL!, DEMO.vendor);
    let posts = 0;
    context.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === `/api/suppliers/${supplier._id}/payments`) posts++;
    });
    await countOutboxReplays(context);
    await signIn(page, DEMO.vendor);
    await page.goto(`/suppliers/${supplier._id}`);
    await expect(page.getByTestId('supplier-balance')).toHaveText(formatRupees(800));
    await serviceWorkerReady(page);

    await context.setOffline(true);
    await page.getByTestId('pay-supplier').click();
    const dialog = page.getByRole('dialog', { name: `Pay ${name}` });
    await dialog.getByTestId('supplier-payment-amount').fill('250');
    await dialog.getByRole('button', { name: 'UPI' }).click();
    await dialog.getByTestId('save-supplier-payment').click();
    await expect(page.getByText('Saved on this device. The payment is sent when you are back online.')).toBeVisible();
    const queued = page.getByTestId('queued-payment');
    await expect(queued).toContainText(`Payment ${formatRupees(250)} (UPI)`);
    await expect(queued).toContainText('Waiting to sync');
    await expect(page.getByTestId('supplier-balance-after')).toContainText(formatRupees(550));
    await page.screenshot({ path: `/tmp/shots/supplier-offline-1280-en.png`, fullPage: true });

    await context.setOffline(false);
    await expect(queued).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('supplier-balance')).toHaveText(formatRupees(550), { timeout: 20_000 });
    await replayOutboxAgain(page, context);

    const ledger = await call<SupplierLedgerResponse>(baseURL!, vendor, 'GET', `suppliers/${supplier._id}/ledger`);
    expect(ledger.entries.filter((e) => e.kind === 'payment')).toHaveLength(1);
    expect(ledger.balance).toBe(550);
    expect(posts).toBe(1);
  });
});

test.describe('on a phone in Tamil', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

  test('the payables list speaks Tamil and shows each supplier owed, by age', async ({ page, baseURL }) => {
    const name = `முருகன் சப்ளை ${stamp}`;
    await owedSupplier(baseURL!, name, 1250.5);
    const vendor = await apiToken(baseURL!, DEMO.vendor);
    const payables = await call<{ total: number }>(baseURL!, vendor, 'GET', 'suppliers/payables');
    await signInTamil(page, DEMO.vendor);
    await page.goto('/payables');
    await expect(page.getByRole('heading', { name: 'சப்ளையர் பாக்கி' })).toBeVisible();
    await expect(page.getByTestId('payables-total')).toHaveText(`கடை தர வேண்டியது ${formatRupees(payables.total)}`);
    // one card per supplier: what is owed, all of it 0-30 days old, not yet due
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText(formatRupees(1250.5));
    await expect(card).toContainText(`0-30 நாட்கள்: ${formatRupees(1250.5)}`);
    await expect(card).toContainText('இன்னும் தவணை வரவில்லை');
    await expectThumbSized(page);
    await page.screenshot({ path: `/tmp/shots/payables-390-ta.png`, fullPage: true });
    expect(toRupees(toPaise(payables.total))).toBeGreaterThanOrEqual(1250.5);
  });
});
