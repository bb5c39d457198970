import { expect } from '@playwright/test';
import type { AuditEntryDto } from '../../core/schemas/staff';
import { test } from './fixtures';
import { apiToken, call, DEMO, makeProduct, signIn } from './helpers';
import { addStaff, getOrder, setPin, shopSale } from '../support/http-builders';

/**
 * A cashier cannot void a bill alone: on a phone, the void asks for a manager's or the owner's PIN on
 * the spot; a wrong PIN is refused on the pad and changes nothing, the manager's PIN voids the sale,
 * and the shop's audit records who asked and who approved. A discount over the owner's percentage at the
 * counter asks the same way, and the sale goes through with the PIN.
 */
const stamp = Date.now().toString(36);
const SOAP = `E2E Approval Soap ${stamp}`;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-IN' });

test("a void asks for the manager's PIN", async ({ page, baseURL }) => {
  const owner = await apiToken(baseURL!, DEMO.vendor);
  const product = await makeProduct(baseURL!, DEMO.vendor, { name: SOAP, price: 45, shopPrice: 42, countInStock: 30 });
  const manager = await addStaff(baseURL!, owner, { name: `Selvi ${stamp}`, role: 'manager' });
  await setPin(baseURL!, await apiToken(baseURL!, manager.phone), '8642');
  const cashier = await addStaff(baseURL!, owner, { name: `Ravi ${stamp}`, role: 'cashier' });
  const cashierToken = await apiToken(baseURL!, cashier.phone);
  const order = await shopSale(baseURL!, cashierToken, [{ productId: product._id, quantity: 2 }]);

  await signIn(page, cashier.phone);
  await page.goto(`/vendor/orders/${order._id}`);
  await page.getByTestId('void-sale').click();
  const dialog = page.getByRole('dialog', { name: `Void sale ${order.invoiceNumber}`, exact: true });
  await dialog.getByLabel('Reason').fill('Customer changed their mind');
  await dialog.getByRole('button', { name: 'Void sale' }).click();

  // the PIN is asked for on the spot, naming what it approves
  const approval = page.getByRole('dialog', { name: 'Manager’s approval' });
  await expect(approval.getByTestId('approval-ask')).toHaveText("A manager's or the owner's PIN is needed to void a sale");
  await approval.getByRole('button', { name: manager.name }).click();
  await expect(approval.getByLabel(`PIN of ${manager.name}`)).toBeFocused();

  // a wrong PIN: refused on the pad, the sale stands
  await approval.getByLabel(`PIN of ${manager.name}`).fill('1111');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(approval.getByText(/Wrong PIN/)).toBeVisible();
  expect((await getOrder(baseURL!, owner, order._id)).voidedAt).toBeNull();

  // the manager's PIN, on the pad's keys: voided
  for (const d of '8642') await approval.getByRole('button', { name: d, exact: true }).click();
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(approval).toBeHidden();
  await expect(page.getByTestId('voided-badge')).toHaveText('VOID');

  const voided = await getOrder(baseURL!, owner, order._id);
  expect(voided.voidedBy).toEqual({ _id: cashier._id, name: cashier.name });
  const { entries } = await call<{ entries: AuditEntryDto[] }>(baseURL!, owner, 'GET', `shop/audit?staffId=${cashier._id}`);
  expect(entries).toContainEqual(
    expect.objectContaining({
      kind: 'void',
      ref: order._id,
      askedBy: { _id: cashier._id, name: cashier.name },
      approvedBy: { _id: manager._id, name: manager.name },
    }),
  );
});

test("a cashier's discount over the owner's limit asks for a PIN at the counter; the sale is recorded with it", async ({
  page,
  baseURL,
}) => {
  const owner = await apiToken(baseURL!, DEMO.vendor);
  const oil = `E2E Approval Oil ${stamp}`;
  await makeProduct(baseURL!, DEMO.vendor, { name: oil, price: 200, shopPrice: 200, countInStock: 30 });
  const manager = await addStaff(baseURL!, owner, { name: `Devi ${stamp}`, role: 'manager' });
  await setPin(baseURL!, await apiToken(baseURL!, manager.phone), '9753');
  const cashier = await addStaff(baseURL!, owner, { name: `Kumar ${stamp}`, role: 'cashier' });

  await signIn(page, cashier.phone);
  await page.goto('/order');
  const finder = page.getByTestId('product-finder');
  await finder.fill(oil);
  await expect(page.getByRole('option', { name: new RegExp(oil) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
  // ₹40 off ₹200 is 20 %: over the shop's 10 % until the owner sets another
  await page.getByLabel('Discount 1', { exact: true }).fill('40');
  const change = page.getByRole('button', { name: 'Change shipping address' });
  if (await change.isVisible()) await change.click();
  await page.getByLabel(/^Address/).fill(`Approval lane ${stamp}`);
  await page.getByLabel(/^City/).fill('Chennai');
  await page.getByLabel(/^Pincode/).fill('600017');
  await page.getByLabel(/^Phone number/).fill('9876543210');
  await page.getByRole('button', { name: 'Create Order' }).click();

  const approval = page.getByRole('dialog', { name: 'Manager’s approval' });
  await expect(approval.getByTestId('approval-ask')).toHaveText(
    "A manager's or the owner's PIN is needed for a discount over the shop's limit",
  );
  await approval.getByRole('button', { name: manager.name }).click();
  await approval.getByLabel(`PIN of ${manager.name}`).fill('9753');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Order created successfully!')).toBeVisible();

  const { entries } = await call<{ entries: AuditEntryDto[] }>(baseURL!, owner, 'GET', `shop/audit?staffId=${cashier._id}`);
  expect(entries).toContainEqual(expect.objectContaining({ kind: 'discount', approvedBy: { _id: manager._id, name: manager.name } }));
});
