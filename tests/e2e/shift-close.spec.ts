import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, counterSale, DEMO, makeProduct, openShiftAtCounter, signIn } from './helpers';

/**
 * A till's shift at the counter, at the desk: opened with a float, a cash sale, tea paid out of the drawer,
 * the drawer counted ₹20 short at the close; the shift report prints it and the day close lists the shift.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

const stamp = Date.now().toString(36);

test('a shift closes ₹20 short and the day close shows it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const product = `E2E shift dal ${stamp}`;
  const tillName = `Shift desk ${stamp}`;
  await makeProduct(baseURL!, DEMO.vendor, { name: product, Tamil: 'பருப்பு', price: 110, shopPrice: 100 });
  // the print dialog is stubbed: the test records that the report asked for it
  await page.addInitScript(() => {
    window.print = () => void ((window as unknown as { printed: number }).printed = 1);
  });

  await signIn(page, DEMO.vendor);
  await page.goto('/order');
  await page.getByTestId('till-settings').click();
  await page.getByTestId('till-name').fill(tillName);
  await page.getByTestId('till-register').click();
  await expect(page.getByTestId('till-current')).toContainText(tillName);
  await page.keyboard.press('Escape');

  // no shift yet: the counter asks for one in place of the sale, and sells once it is open
  await expect(page.getByRole('heading', { name: 'Open a shift to sell' })).toBeVisible();
  await expect(page.getByTestId('product-finder')).toHaveCount(0);
  await openShiftAtCounter(page, 500);
  await expect(page.getByText('Shift opened with ₹500.00.')).toBeVisible();

  // a cash sale of ₹100, handed over
  await counterSale(page, product, `E2E shift lane ${stamp}`, '9876543210');
  await expect(page.getByText('Order created successfully!')).toBeVisible();

  // ₹50 for tea out of the drawer
  await page.getByTestId('shift-button').click();
  const dialog = page.getByRole('dialog', { name: `Shift at ${tillName}` });
  await expect(dialog.getByTestId('shift-cash-sales')).toHaveText('₹100.00');
  await dialog.getByTestId('shift-pay-out').click();
  await dialog.getByTestId('shift-cash-amount').fill('50');
  await dialog.getByTestId('shift-cash-reason').fill('Tea');
  await dialog.getByTestId('shift-cash-save').click();
  await expect(page.getByText('Pay out of ₹50.00 recorded.')).toBeVisible();
  await expect(dialog.getByTestId('shift-expected')).toHaveText('₹550.00');
  await expect(dialog.getByTestId('shift-cash-list')).toContainText('Pay out: Tea');

  // the drawer opened without a sale, with why: recorded (no printer with a drawer on this device)
  await dialog.getByTestId('drawer-open').click();
  const drawer = page.getByRole('dialog', { name: 'Open the drawer without a sale' });
  await drawer.getByLabel('Why').fill('Change for a ₹500 note');
  await drawer.getByRole('button', { name: 'Open drawer' }).click();
  await expect(page.getByText(/^Recorded\. No receipt printer with a drawer/)).toBeVisible();
  await expect(drawer).toBeHidden();

  // the close: counted note by note on the keyboard, ₹530 against ₹550
  await dialog.getByTestId('shift-close').click();
  await expect(dialog.getByTestId('close-expected')).toHaveText('₹550.00');
  await expect(dialog.getByTestId('count-500')).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('count-200')).toBeFocused();
  await dialog.getByTestId('count-20').fill('1');
  await dialog.getByTestId('count-10').fill('1');
  await expect(dialog.getByTestId('close-counted')).toHaveText('₹530.00');
  await expect(dialog.getByTestId('close-difference')).toHaveText('Short ₹20.00');
  await dialog.getByTestId('close-note').fill('Change given twice');
  await dialog.getByTestId('close-shift-submit').click();

  await expect(page.getByText('Shift closed.')).toBeVisible();
  await expect(dialog.getByTestId('shift-result-expected')).toHaveText('₹550.00');
  await expect(dialog.getByTestId('shift-result-counted')).toHaveText('₹530.00');
  const difference = dialog.getByTestId('shift-difference');
  await expect(difference).toHaveText('Short ₹20.00');
  // short shows in red: the theme's red
  const red = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = 'var(--mantine-color-red-8)';
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  await expect(difference).toHaveCSS('color', red);

  // the shift report on the 80 mm roll, with the print dialog asked for
  await dialog.getByTestId('print-shift-report').click();
  await expect(page).toHaveURL(/\/shift-report\/[0-9a-f-]+\?print=1$/);
  const report = page.getByTestId('shift-report');
  await expect(report).toHaveAttribute('data-paper', '80mm');
  await expect(report.getByTestId('report-till')).toHaveText(tillName);
  await expect(report.getByTestId('report-cash')).toHaveText('Pay out: Tea');
  await expect(report.getByTestId('report-expected')).toHaveText('₹550.00');
  await expect(report.getByTestId('report-counted')).toHaveText('₹530.00');
  await expect(report.getByTestId('report-difference')).toHaveText('Short ₹20.00');
  await expect(report).toContainText('₹500 × 1');
  await expect(report).toContainText('Change given twice');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);

  // back at the counter the next shift starts from this one's float
  await page.getByRole('link', { name: 'New sale' }).click();
  await expect(page.getByTestId('shift-float')).toHaveValue('500');

  // the day close lists the shift with its difference
  await page.goto('/day-close');
  const row = page.getByTestId('day-shifts').getByTestId('row').filter({ hasText: tillName });
  await expect(row).toContainText('₹550.00');
  await expect(row).toContainText('₹530.00');
  await expect(row.getByTestId('day-shift-difference')).toHaveText('−₹20.00');

  // the server has the same close
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const { shifts } = await call<{ shifts: Array<{ tillName: string; difference: number | null; note: string }> }>(
    baseURL!,
    vendor,
    'GET',
    'shifts',
  );
  expect(shifts.find((s) => s.tillName === tillName)).toMatchObject({ difference: -20, note: 'Change given twice' });
  const { entries } = await call<{ entries: Array<{ kind: string; reason: string | null }> }>(baseURL!, vendor, 'GET', 'shop/audit');
  expect(entries).toContainEqual(expect.objectContaining({ kind: 'drawerOpen', reason: 'Change for a ₹500 note' }));
});
