import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, DEMO, makeProduct, signIn, signInTamil } from './helpers';
import { shopSale } from '../support/http-builders';

/**
 * The GSTR-1 page shows every table (B2B, B2CL, B2CS, nil, CDNR, CDNUR, the HSN summary's B2B and B2C
 * tabs, documents) and downloads the portal JSON with the HSN summary in its two tabs.
 */
const stamp = Date.now().toString(36);
/** Today in India: the report's days are India days, whatever the machine's zone. */
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** Five weeks back: the demo's counter sales and the hotel's credit sale (nine days ago) fall in the period whatever the day of the month. */
const fromDay = new Date(Date.now() + 330 * 60_000 - 35 * 86_400_000).toISOString().slice(0, 10);

/** A product sold at the counter in this file's tests: a walk-in sale of it is a B2C (small) supply. */
let itemId = '';
test.beforeAll(async ({ baseURL }) => {
  itemId = (await makeProduct(baseURL!, DEMO.vendor, { name: `GSTR item ${stamp}`, price: 60, shopPrice: 50 }))._id;
});

/** The report for the last five weeks up to today (India time). */
async function showReport(page: Page) {
  await page.goto('/gstr1');
  await page.locator('input[type=date]').nth(0).fill(fromDay);
  await page.locator('input[type=date]').nth(1).fill(today);
  await page.locator('form button[type=submit]').click();
}

test.describe('at the counter, 1280 x 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every GSTR-1 table, and the JSON with the HSN summary in B2B and B2C tabs', async ({ page, baseURL }) => {
    await shopSale(baseURL!, await apiToken(baseURL!, DEMO.vendor), [{ productId: itemId, quantity: 2 }]);
    await signIn(page, DEMO.vendor);
    await showReport(page);
    for (const name of [
      'B2B: registered buyers',
      'B2C large: inter-state above ₹1,00,000',
      'B2C (small)',
      'Nil-rated supplies',
      'Credit notes to registered buyers (CDNR)',
      'Credit notes against B2C large invoices (CDNUR)',
      'HSN summary: B2B',
      'HSN summary: B2C',
      'Documents issued',
    ])
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    // the demo hotel from Karnataka buys on credit at the counter: a B2B invoice (intra-state: handed
    // over here); the walk-in sale goes to B2CS and the B2C tab
    await expect(page.getByRole('table', { name: 'B2B: registered buyers' })).toContainText('29AAFHS4321K1ZW');
    await expect(
      page
        .getByRole('table', { name: 'B2C (small)' })
        .getByRole('row', { name: /33-Tamil Nadu/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Documents issued' })).toContainText('Invoices for outward supply');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
    const json = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      b2b: Array<{ ctin: string; inv: Array<{ pos: string }> }>;
      hsn: { hsn_b2b: unknown[]; hsn_b2c: Array<{ txval: number }> };
      doc_issue: { doc_det: Array<{ doc_num: number }> };
    };
    expect(json.b2b.find((b) => b.ctin === '29AAFHS4321K1ZW')?.inv.map((i) => i.pos)).toEqual(['33']);
    expect(json.hsn.hsn_b2b.length).toBeGreaterThan(0);
    expect(json.hsn.hsn_b2c.length).toBeGreaterThan(0);
    expect(json.doc_issue.doc_det.map((d) => d.doc_num)).toContain(1);
  });
});

test.describe('on a phone, in Tamil', () => {
  test.use({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });

  test('the tables have Tamil headings and the page does not spill sideways', async ({ page, baseURL }) => {
    await shopSale(baseURL!, await apiToken(baseURL!, DEMO.vendor), [{ productId: itemId, quantity: 2 }]);
    await signInTamil(page, DEMO.vendor);
    await showReport(page);
    for (const name of ['B2B: பதிவு பெற்ற வாங்குபவர்கள்', 'வரி இல்லாத விநியோகம்', 'HSN சுருக்கம்: B2B', 'HSN சுருக்கம்: B2C', 'வழங்கிய ஆவணங்கள்'])
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    // wide tables scroll inside their own box
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
