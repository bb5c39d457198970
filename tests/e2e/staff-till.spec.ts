import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, counterSale, DEMO, makeProduct, openCounterOnline, openShiftAtCounter, signIn } from './helpers';
import { addStaff, getOrder, setPin, shopSale } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A shop run by a team: the owner's staff each have a role and a PIN. On the shop's till, with no
 * connection, two cashiers switch in by PIN one after the other and each makes a sale; back online the
 * server records each sale as made by the cashier who made it. A cashier's own home has no reports.
 */

const stamp = Date.now().toString(36);
const DESK = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Opens Switch person from the header's account menu and picks `name`. */
async function pickPerson(page: Page, name: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('switch-person').click();
  const dialog = page.getByRole('dialog', { name: 'Who is at the till?' });
  await dialog.getByRole('button', { name: new RegExp(`^${name}, Cashier`) }).click();
  await expect(dialog.getByTestId('pin-person')).toHaveText(name);
  return dialog;
}

/** The id of the counter's last sale, from its bill's link. */
async function lastSaleId(page: Page): Promise<string> {
  const href = await page.getByTestId('last-sale-bill').getAttribute('href');
  return /\/receipt\/([0-9a-f-]+)/.exec(href ?? '')![1];
}

test.describe('at the till', () => {
  test.use(DESK);

  test('offline, two cashiers switch in by PIN and each sells; back online each sale is recorded as theirs', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const owner = await apiToken(baseURL!, DEMO.vendor);
    const kavitha = await addStaff(baseURL!, owner, { name: `Kavitha ${stamp}`, role: 'cashier' });
    const ravi = await addStaff(baseURL!, owner, { name: `Ravi ${stamp}`, role: 'cashier' });
    await setPin(baseURL!, await apiToken(baseURL!, kavitha.phone), '2580');
    await setPin(baseURL!, await apiToken(baseURL!, ravi.phone), '4682');
    const product = `E2E staff tea ${stamp}`;
    await makeProduct(baseURL!, DEMO.vendor, { name: product, Tamil: 'தேநீர்', price: 50, shopPrice: 40 });

    // the owner registers this device as the shop's till
    await openCounterOnline(page);
    await expect(page.getByTestId('person-role')).toHaveText('Owner');
    await page.getByTestId('till-settings').click();
    await page.getByTestId('till-name').fill('Front counter');
    await page.getByTestId('till-register').click();
    await expect(page.getByTestId('till-current')).toContainText('Front counter');
    await page.keyboard.press('Escape');
    // the owner opens the till's shift: the cashiers sell in it
    await openShiftAtCounter(page, 1000);
    // a start online: the till keeps the shop's people for switching them offline
    await page.reload();
    const first = await pickPerson(page, `Kavitha ${stamp}`);
    await first.getByRole('button', { name: 'Not you?' }).click();
    await expect(first.getByRole('button', { name: new RegExp(`^Ravi ${stamp}, Cashier`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(first).toBeHidden();

    await context.setOffline(true);

    // Kavitha taps her PIN on the pad; a wrong one first
    let dialog = await pickPerson(page, `Kavitha ${stamp}`);
    await expect(dialog.getByText('No connection: the PIN is checked on this till.')).toBeVisible();
    for (const d of '1397') await dialog.getByRole('button', { name: d, exact: true }).click();
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect(dialog.getByText('Wrong PIN. 4 tries left before this person is locked on this till.')).toBeVisible();
    for (const d of '2580') await dialog.getByRole('button', { name: d, exact: true }).click();
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('person-name')).toHaveText('Kavitha');
    await expect(page.getByTestId('person-role')).toHaveText('Cashier');
    await counterSale(page, product, `E2E staff lane A ${stamp}`, '9876543210');
    await expect(page.getByText(/Sale saved on this device with invoice number/)).toBeVisible();
    const saleA = await lastSaleId(page);

    // Ravi types his on the keyboard
    dialog = await pickPerson(page, `Ravi ${stamp}`);
    await expect(dialog.getByTestId('pin-input')).toBeFocused();
    await page.keyboard.type('4682');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('person-name')).toHaveText('Ravi');
    await counterSale(page, product, `E2E staff lane B ${stamp}`, '9876543211');
    await expect.poll(() => lastSaleId(page)).not.toBe(saleA);
    const saleB = await lastSaleId(page);

    // back online: the outbox sends both sales with the till's account, each signed by its cashier
    await context.setOffline(false);
    const by = async (id: string) => (await getOrder(baseURL!, owner, id).catch(() => null))?.by ?? null;
    await expect.poll(() => by(saleA), { timeout: 60_000 }).toEqual({ _id: kavitha._id, name: kavitha.name });
    await expect.poll(() => by(saleB), { timeout: 60_000 }).toEqual({ _id: ravi._id, name: ravi.name });
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a cashier’s home has no reports, the dashboard is refused, and the bill of their sale names them', async ({ page, baseURL }) => {
    const owner = await apiToken(baseURL!, DEMO.vendor);
    const cashier = await addStaff(baseURL!, owner, { name: `Meena ${stamp}`, role: 'cashier' });
    const product = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E staff bill ${stamp}`, price: 30, shopPrice: 25 });
    const sale = await shopSale(baseURL!, await apiToken(baseURL!, cashier.phone), [{ productId: product._id, quantity: 1 }]);
    await signIn(page, cashier.phone);
    await expect(page.getByTestId('person-name')).toHaveText('Meena');
    await expect(page.getByTestId('person-role')).toHaveText('Cashier');
    await expect(page.getByRole('link', { name: 'Create Sales Order' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Customers' })).toBeVisible();
    for (const report of ['This week', 'GSTR-1 Report', 'Day Close', 'Staff', 'Create Product'])
      await expect(page.getByRole('link', { name: report })).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page.getByText('Access Denied: You do not have permission to view this page.')).toBeVisible();
    // the counter sale's bill names its cashier by their first name
    await page.goto(`/receipt/${sale._id}`);
    await expect(page.getByTestId('bill-cashier')).toHaveText('Cashier: Meena');
  });

  test('the owner adds a person to the staff, changes the role and removes them', async ({ page }) => {
    await signIn(page, DEMO.vendor);
    await page.getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
    await page.getByTestId('add-staff').click();
    const add = page.getByRole('dialog', { name: 'Add staff' });
    const phone = `9${String(Date.now()).slice(-9)}`;
    await add.getByLabel(/^Phone/).fill(phone);
    await add.getByLabel(/^Name/).fill(`Selvam ${stamp}`);
    await add.getByRole('radio', { name: 'Stock' }).click();
    await add.getByLabel(/^First password/).fill(DEMO.password);
    await add.getByTestId('add-staff-submit').click();
    await expect(add).toBeHidden();
    const row = page.getByTestId('row').filter({ hasText: `Selvam ${stamp}` });
    await expect(row.getByTestId('staff-role')).toHaveText('Stock');
    await expect(row).toContainText('No PIN yet');

    await row.getByRole('button', { name: `Change the role of Selvam ${stamp}` }).click();
    const role = page.getByRole('dialog', { name: `Change the role of Selvam ${stamp}` });
    await role.getByRole('radio', { name: 'Manager' }).click();
    await role.getByTestId('role-submit').click();
    await expect(role).toBeHidden();
    await expect(row.getByTestId('staff-role')).toHaveText('Manager');

    await row.getByRole('button', { name: `Remove Selvam ${stamp}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from the staff' });
    await expect(confirm).toContainText('They will be signed out on every device.');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('row').filter({ hasText: `Selvam ${stamp}` })).toHaveCount(0);
  });
});
