import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { gstinCheckChar } from '../../core/gstin';
import type { VendorProductDto } from '../../core/schemas/product';
import { test } from './fixtures';
import { apiToken, DEMO, signIn, signInTamil } from './helpers';
import { creditSale, deliverySale, shopCustomer, vendorProducts } from '../support/http-builders';

/**
 * The bill's language and the A4 tax invoice: a bill opens in its customer's language whatever the
 * interface's (a Karnataka business in English, a Tamil-speaking regular in Tamil), the cashier can
 * switch it, and on A4 the bill is a table of the lines with their HSN, quantity, rate, taxable value
 * and CGST + SGST, or IGST for goods sent to another state.
 */
const SHOTS = '.tmp/shots';
const stamp = Date.now().toString(36);
/** A Karnataka (29) GSTIN with its right check character. */
const KARNATAKA = `29AABCH${String(Date.now()).slice(-4)}F1Z`;
const KA_GSTIN = `${KARNATAKA}${gstinCheckChar(KARNATAKA)}`;

/** Two of the demo vendor's products taxed above 0 % with Tamil names (of different HSN codes when there are). */
async function taxedProducts(baseURL: string): Promise<[VendorProductDto, VendorProductDto]> {
  const taxed = (await vendorProducts(baseURL, await apiToken(baseURL, DEMO.vendor))).filter(
    (p) => p.isActive && p.countInStock > 10 && p.gstRate > 0 && p.Tamil !== '' && p.unit === 'pcs',
  );
  const first = taxed[0];
  const second = taxed.find((p) => p.hsnCode !== first.hsnCode) ?? taxed[1];
  return [first, second];
}

/** The bill's language switch: English or தமிழ் (a picture of the word in the English interface). */
const billLanguage = (page: Page, name: 'English' | 'தமிழ்') => {
  const choices = page.getByTestId('bill-language');
  return choices.getByText(name, { exact: true }).or(choices.getByAltText(name, { exact: true }));
};

test.describe('in the Tamil interface', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'ta-IN' });

  test('a Karnataka business gets its bill in English; switched to Tamil, the bill changes and the page stays Tamil', async ({
    page,
    baseURL,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const vendor = await apiToken(baseURL!, DEMO.vendor);
    const [soap, other] = await taxedProducts(baseURL!);
    const hotel = await shopCustomer(baseURL!, vendor, { name: `E2E Hotel ${stamp}`, gstin: KA_GSTIN, address: '4 MG Road, Bengaluru' });
    const sale = await creditSale(baseURL!, vendor, hotel, [
      { productId: soap._id, quantity: 2 },
      { productId: other._id, quantity: 1 },
    ]);
    expect(sale.billLanguage).toBe('en');

    await signInTamil(page, DEMO.vendor);
    await page.goto(`/receipt/${sale._id}`);
    const bill = page.getByTestId('counter-bill');
    await expect(bill).toContainText('Tax invoice');
    await expect(bill.getByTestId('bill-words')).toHaveText(/^Rupees /);
    await expect(bill.getByTestId('bill-line').first()).toContainText(soap.name);
    await expect(bill.getByTestId('bill-buyer')).toContainText('Bill to');
    // the page around the bill is in the interface's language
    await expect(page.getByRole('heading', { name: 'பில்', exact: true })).toBeVisible();
    await expect(billLanguage(page, 'English')).toBeVisible();
    await expect(page.getByText('பில் மொழி', { exact: true })).toBeVisible();

    await billLanguage(page, 'தமிழ்').click();
    await expect(bill).toContainText('வரி விலைப்பட்டியல்');
    await expect(bill).not.toContainText('Tax invoice');
    await expect(bill.getByTestId('bill-words')).toHaveText(/^ரூபாய் /);
    await expect(bill.getByTestId('bill-line').first()).toContainText(soap.Tamil);
    await expect(bill.getByTestId('bill-buyer')).toContainText('பில் பெறுபவர்');

    // on A4 in Tamil: the same table with Tamil headers
    await page.getByText('A4', { exact: true }).click();
    await expect(bill).toHaveAttribute('data-paper', 'A4');
    const lines = bill.getByTestId('bill-lines');
    await expect(lines.getByRole('columnheader', { name: 'பொருள்', exact: true })).toBeVisible();
    await expect(lines.getByRole('columnheader', { name: 'CGST', exact: true })).toBeVisible();
    await expect(lines.getByTestId('bill-line')).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/bill-a4-ta-1280.png`, fullPage: true });
    // the page itself never scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });
});

test.describe('in the English interface', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a Tamil-speaking customer gets a Tamil bill; on A4 a tax invoice table, with IGST for goods sent to Karnataka', async ({
    page,
    baseURL,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const vendor = await apiToken(baseURL!, DEMO.vendor);
    const [soap, other] = await taxedProducts(baseURL!);
    const selvi = await shopCustomer(baseURL!, vendor, { name: `E2E Selvi ${stamp}`, language: 'ta' });
    const sale = await creditSale(baseURL!, vendor, selvi, [
      { productId: soap._id, quantity: 3 },
      { productId: other._id, quantity: 1 },
    ]);

    await signIn(page, DEMO.vendor);
    await page.goto(`/receipt/${sale._id}`);
    const bill = page.getByTestId('counter-bill');
    await expect(bill).toContainText('வரி விலைப்பட்டியல்');
    await expect(bill.getByTestId('bill-words')).toHaveText(/^ரூபாய் /);
    await expect(page.getByRole('heading', { name: 'Bill', exact: true })).toBeVisible();

    // A4: a table with a column per field of a tax invoice, one row per line
    await billLanguage(page, 'English').click();
    await expect(bill).toContainText('Tax invoice');
    await page.getByText('A4', { exact: true }).click();
    const lines = bill.getByTestId('bill-lines');
    for (const head of ['HSN', 'Qty', 'Rate', 'Taxable value', 'CGST', 'SGST']) {
      await expect(lines.getByRole('columnheader', { name: head, exact: true })).toBeVisible();
    }
    await expect(lines.getByRole('columnheader', { name: 'IGST', exact: true })).toHaveCount(0);
    await expect(lines.getByTestId('bill-line')).toHaveCount(2);
    await expect(lines.getByTestId('bill-line').first()).toContainText(soap.hsnCode);
    await expect(bill.getByTestId('bill-signatory')).toContainText('Authorised signatory');
    await page.screenshot({ path: `${SHOTS}/bill-a4-en-1280.png`, fullPage: true });

    // goods sent to Karnataka: IGST in place of CGST and SGST
    const hotel = await shopCustomer(baseURL!, vendor, { name: `E2E Sent ${stamp}`, gstin: KA_GSTIN, address: '4 MG Road, Bengaluru' });
    const bengaluru = {
      address: '4 MG Road',
      area: 'MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      phoneNumber: hotel.phone,
      stateCode: '29',
    };
    const sent = await deliverySale(baseURL!, vendor, [{ productId: soap._id, quantity: 1 }], bengaluru, {
      shippingAddress: bengaluru,
      customerId: hotel._id,
      paymentMethod: 'upi',
    });
    expect(sent.placeOfSupply).toBe('29');
    await page.goto(`/receipt/${sent._id}`);
    await page.getByText('A4', { exact: true }).click();
    const sentLines = page.getByTestId('counter-bill').getByTestId('bill-lines');
    await expect(sentLines.getByRole('columnheader', { name: 'IGST', exact: true })).toBeVisible();
    await expect(sentLines.getByRole('columnheader', { name: 'CGST', exact: true })).toHaveCount(0);
    await expect(sentLines.getByRole('columnheader', { name: 'SGST', exact: true })).toHaveCount(0);
    await expect(sentLines.getByTestId('bill-line')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/bill-a4-igst-1280.png`, fullPage: true });
  });

  test('on a phone the bill language switch is at hand and the A4 preview scrolls in its own box', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    fs.mkdirSync(SHOTS, { recursive: true });
    const vendor = await apiToken(baseURL!, DEMO.vendor);
    const [soap] = await taxedProducts(baseURL!);
    const selvi = await shopCustomer(baseURL!, vendor, { name: `E2E Phone ${stamp}`, language: 'ta' });
    const sale = await creditSale(baseURL!, vendor, selvi, [{ productId: soap._id, quantity: 1 }]);
    await signIn(page, DEMO.vendor);
    await page.goto(`/receipt/${sale._id}`);
    await expect(page.getByTestId('counter-bill')).toContainText('வரி விலைப்பட்டியல்');
    const tamil = billLanguage(page, 'தமிழ்');
    expect((await tamil.locator('xpath=ancestor::label[1]').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: `${SHOTS}/bill-language-390.png`, fullPage: true });
    await page.getByText('A4', { exact: true }).click();
    await expect(page.getByTestId('bill-lines')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/bill-a4-390.png`, fullPage: true });
  });
});
