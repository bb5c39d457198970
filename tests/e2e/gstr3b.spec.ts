import fs from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, expectThumbSized, signIn, signInTamil } from './helpers';

/**
 * The GSTR-3B page: a vendor sees the current month's tables at once, downloads GSTN's JSON and the
 * CSV; on a phone in Tamil nothing spills sideways and every control is thumb-sized.
 */
const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
const retPeriod = `${month.slice(5)}${month.slice(0, 4)}`;

test.describe('at the desk, 1280 x 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the tables of the month, and both files to file it with', async ({ page }) => {
    await signIn(page, DEMO.vendor);
    await page.goto('/gstr3b');
    for (const name of [
      '3.1 Outward supplies',
      '3.2 Inter-state supplies to unregistered persons',
      '4 Eligible input tax credit',
      '5 Nil-rated inward supplies',
      '6.1 Payment of tax',
    ])
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: '6.1 Payment of tax' }).getByRole('row', { name: /Central tax/ })).toBeVisible();

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
    const file = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as { ret_period: string; sup_details: object; itc_elg: object };
    expect(file.ret_period).toBe(retPeriod);
    expect(Object.keys(file)).toEqual(['gstin', 'ret_period', 'sup_details', 'inter_sup', 'itc_elg', 'inward_sup']);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^GSTR3B_.+_${retPeriod}\\.csv$`));
    expect(fs.readFileSync(await csv.path(), 'utf8')).toContain('(A)(5) All other ITC');
  });
});

test.describe('on a phone, in Tamil', () => {
  test.use({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });

  test('Tamil headings, last month on a tap, nothing spills sideways', async ({ page }) => {
    await signInTamil(page, DEMO.vendor);
    await page.goto('/gstr3b');
    await expect(page.getByRole('heading', { name: '4 தகுதியான உள்ளீட்டு வரி வரவு', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'கடந்த மாதம்' }).click();
    await expect(page.getByText(/தாக்கல் காலம் \d\d\/\d{4}/)).not.toContainText(`${month.slice(5)}/${month.slice(0, 4)}`);
    await expect(page.getByRole('heading', { name: '6.1 வரி செலுத்துதல்', exact: true })).toBeVisible();
    // wide tables scroll inside their own box
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectThumbSized(page, page.locator('main'));
  });
});
