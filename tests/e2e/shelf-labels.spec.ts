import fs from 'node:fs';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, openStockTool, signIn } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/** Shelf labels on a phone: choose products and copies, give in-store codes, print to PDF, scan a label at the counter. */
const stamp = Date.now().toString(36);
const CATEGORY = `E2E Labels ${stamp}`;
const SUB = 'Shelf';
const DAL = `Label Dal ${stamp}`;
const DAL_TA = 'துவரம் பருப்பு';
const OIL = `Label Oil ${stamp}`;
const OIL_CODE = '4006381333931';
const TEA = `Label Tea ${stamp}`;
const TEA_CODE = 'NK-TEA-7';
const SHOTS = '.tmp/shots';

test.beforeAll(async ({ baseURL }) => {
  const admin = await apiToken(baseURL!, DEMO.admin);
  await call(baseURL!, admin, 'POST', 'categories', { name: CATEGORY, subcategories: [SUB] });
  const gsts = await call<Array<{ _id: string; rate: number }>>(baseURL!, admin, 'GET', 'gsts?active=true');
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const base = {
    countInStock: 30,
    reOrderLevel: 2,
    category: CATEGORY,
    subcategory: SUB,
    gst: gsts[0]._id,
    images: ['/images/products/generic.svg'],
  };
  // no barcode: it gets an in-store code; sold per kg, ₹120 with MRP ₹135
  await call(baseURL!, vendor, 'POST', 'products', { ...base, name: DAL, Tamil: DAL_TA, price: 135, shopPrice: 120, unit: 'kg' });
  // a packet's own EAN-13, sold at its MRP
  await call(baseURL!, vendor, 'POST', 'products', { ...base, name: OIL, price: 210, shopPrice: 210, barcode: OIL_CODE });
  // the shop's own code: drawn as Code 128
  await call(baseURL!, vendor, 'POST', 'products', { ...base, name: TEA, price: 60, shopPrice: 55, barcode: TEA_CODE });
});

/**
 * Decodes the barcode a label drew: its SVG painted on a canvas in the page, the grey levels read
 * back and decoded by @zxing/library (EAN-13 or Code 128).
 */
async function decodeLabel(page: Page, productId: string): Promise<string> {
  const img = await page.evaluate(async (id) => {
    const svg = document.querySelector<SVGSVGElement>(`[data-product="${id}"] [data-testid="label-barcode"]`)!;
    const box = svg.viewBox.baseVal;
    const scale = 3;
    const [w, h] = [Math.round(box.width * scale), Math.round(box.height * scale)];
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    ctx.drawImage(image, 0, 0, w, h);
    const rgba = ctx.getImageData(0, 0, w, h).data;
    const grey: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) grey.push(Math.round((rgba[i] + rgba[i + 1] + rgba[i + 2]) / 3));
    return { w, h, grey };
  }, productId);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(Uint8ClampedArray.from(img.grey), img.w, img.h)));
  return reader.decode(bitmap, hints).getText();
}

test('choose products and copies, give in-store codes, print labels to PDF, and scan one at the counter', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // the print dialog is stubbed: the test records that the page asked for it
  await page.addInitScript(() => {
    window.print = () =>
      void ((window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1);
  });
  await signIn(page, DEMO.vendor);
  await page.goto('/productList');
  await openStockTool(page, 'Shelf labels');
  await expect(page).toHaveURL(/\/labels$/);

  await page.getByRole('searchbox', { name: 'Search your products' }).fill(`Label`);
  await page.getByRole('checkbox', { name: `Label ${DAL}` }).check();
  await page.getByRole('checkbox', { name: `Label ${OIL}` }).check();
  await page.getByRole('checkbox', { name: `Label ${TEA}` }).check();
  const dalRow = page.getByTestId('label-pick').filter({ hasText: DAL });
  await dalRow.getByRole('textbox', { name: 'Copies' }).fill('2');
  await expect(page.getByTestId('label-count')).toHaveText('3 products, 4 labels');
  await expect(page.getByTestId('codes-note')).toContainText('Give a code to 1 product');
  await page.screenshot({ path: `${SHOTS}/labels-390-en.png`, fullPage: true });

  await page.getByRole('button', { name: 'Print labels' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);
  // the product without a barcode now has an in-store code, drawn as EAN-13
  await expect(page.getByTestId('codes-note')).toHaveCount(0);
  const labels = page.getByTestId('shelf-label');
  await expect(labels).toHaveCount(4);
  const dalLabels = labels.filter({ hasText: DAL });
  await expect(dalLabels).toHaveCount(2);
  await expect(dalLabels.first()).toContainText(DAL_TA);
  await expect(dalLabels.first().getByTestId('label-price')).toHaveText('₹120.00');
  await expect(dalLabels.first()).toContainText('per kg');
  await expect(dalLabels.first().locator('s')).toHaveText('₹135.00');
  const oilLabel = labels.filter({ hasText: OIL });
  await expect(oilLabel.getByTestId('label-price')).toHaveText('₹210.00');
  await expect(oilLabel.locator('s')).toHaveCount(0);
  await expect(oilLabel.getByTestId('label-barcode')).toHaveAttribute('data-drawn', OIL_CODE);
  await expect(oilLabel.getByTestId('label-barcode')).toHaveAttribute('data-format', 'EAN13');
  const teaLabel = labels.filter({ hasText: TEA });
  await expect(teaLabel.getByTestId('label-barcode')).toHaveAttribute('data-drawn', TEA_CODE);
  await expect(teaLabel.getByTestId('label-barcode')).toHaveAttribute('data-format', 'CODE128');
  const dalCode = await dalLabels.first().getByTestId('label-barcode').getAttribute('data-code');
  expect(dalCode).toMatch(/^20\d{11}$/);
  await expect(dalLabels.first().getByTestId('label-barcode')).toHaveAttribute('data-drawn', dalCode!);
  await expect(dalLabels.first().getByTestId('label-barcode')).toHaveAttribute('data-format', 'EAN13');

  // as printed: only the labels are visible, one per copy, on A4
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print labels' })).toBeHidden();
  await expect(labels.filter({ visible: true })).toHaveCount(4);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);
  // the roll layout prints too
  await page.emulateMedia({ media: 'screen' });
  await page.getByText('Roll 50 × 25 mm').click();
  await expect(page.getByTestId('label-sheet')).toHaveAttribute('data-layout', 'roll');
  await page.screenshot({ path: `${SHOTS}/labels-roll-390-en.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  const roll = await page.pdf({ preferCSSPageSize: true });
  expect(roll.length).toBeGreaterThan(5_000);
  await page.emulateMedia({ media: 'screen' });

  // the drawn barcodes scan back to the codes
  const dalId = await dalLabels.first().getAttribute('data-product');
  expect(await decodeLabel(page, dalId!)).toBe(dalCode);
  const oilId = await oilLabel.getAttribute('data-product');
  expect(await decodeLabel(page, oilId!)).toBe(OIL_CODE);
  expect(await decodeLabel(page, (await teaLabel.getAttribute('data-product'))!)).toBe(TEA_CODE);

  // at the counter, the scanned in-store code adds the dal to the sale
  await page.goto('/order');
  const finder = page.getByTestId('product-finder');
  await expect(finder).toBeEnabled();
  await finder.fill(dalCode!);
  await finder.press('Enter');
  await expect(page.getByTestId('shop-line')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Product 1', exact: true })).toHaveValue(new RegExp(`^${DAL}`));
});

/** The pages of a PDF: its page objects (`/Type /Page`), not the page tree (`/Type /Pages`). */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z])/g) ?? []).length;

test('labels print on as many pages as they fill: 10 and 25 on A4 3 × 8 sheets, one roll label a page', async ({ page }) => {
  await signIn(page, DEMO.vendor);
  await page.goto('/labels');
  // the whole catalogue listed, as a vendor first sees it: a long page around the sheet
  await expect(page.getByRole('checkbox')).not.toHaveCount(0);
  expect(await page.getByRole('checkbox').count()).toBeGreaterThan(20);
  await page.getByRole('checkbox', { name: `Label ${OIL}` }).check();
  const copies = page.getByTestId('label-pick').filter({ hasText: OIL }).getByRole('textbox', { name: 'Copies' });
  const printed = async (n: number) => {
    await page.emulateMedia({ media: 'screen' });
    await copies.fill(String(n));
    await expect(page.getByTestId('label-count')).toHaveText(new RegExp(`, ${n} labels$`));
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('shelf-label').filter({ visible: true })).toHaveCount(n);
    return pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  };

  expect(await printed(10)).toBe(1);
  expect(await printed(25)).toBe(2);
  expect(await printed(24)).toBe(1);

  await page.emulateMedia({ media: 'screen' });
  await page.getByText('Roll 50 × 25 mm').click();
  await expect(page.getByTestId('label-sheet')).toHaveAttribute('data-layout', 'roll');
  expect(await printed(3)).toBe(3);
  expect(await printed(25)).toBe(25);
});
