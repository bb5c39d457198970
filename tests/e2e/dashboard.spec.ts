import { expect, type Page } from '@playwright/test';
import type { AdminSummary, VendorSummary } from '../../core/schemas/dashboard';
import { formatRupees } from '../../core/money';
import { test } from './fixtures';
import { apiToken, call, DEMO, signInTamil } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/** The dashboards in Tamil: the figures on screen are the API's, and the vendor's stay readable offline with when they were saved. */

const indiaDay = (daysBack: number) => new Date(Date.now() + 330 * 60_000 - daysBack * 86_400_000).toISOString().slice(0, 10);
const lastWeek = () => `from=${indiaDay(6)}&to=${indiaDay(0)}`;

/** The saved answer of a query of the signed-in user (IndexedDB, as src/data/use-cached-query.ts keeps it). */
const saved = (page: Page, name: string) =>
  page.evaluate(async (name) => {
    const open = indexedDB.open('namma-kadai-offline');
    const db = await new Promise<IDBDatabase>((r, j) => ((open.onsuccess = () => r(open.result)), (open.onerror = j)));
    if (!db.objectStoreNames.contains('cache')) return false;
    const rows = await new Promise<Array<{ key: string }>>((r) => {
      const req = db.transaction('cache').objectStore('cache').getAll();
      req.onsuccess = () => r(req.result as Array<{ key: string }>);
    });
    db.close();
    return rows.some((x) => x.key.endsWith(`|${name}`));
  }, name);

/**
 * Opens a chart's table and returns its total row's cells. The table opens on its summary; a card
 * drawn again while the page settles (a reload offline) starts closed, so it is opened until it shows.
 */
async function totals(page: Page, card: string): Promise<string[]> {
  const c = page.getByTestId(card);
  const row = c.getByTestId(`${card}-total`);
  await expect(async () => {
    if (!(await row.isVisible())) await c.getByText('எண்களை அட்டவணையாகக் காட்டு').click();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass();
  return row.getByRole('cell').allTextContents();
}

/** Every chart of the page drawn (chart.js loaded and the canvas filled). */
const chartsDrawn = (page: Page, n: number) => expect(page.locator('canvas[data-ready]')).toHaveCount(n);

test.describe('the vendor on a phone', () => {
  test.use({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });

  test('sees the week in charts and tables that match the API, and offline the saved figures with their time', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInTamil(page, DEMO.vendor);
    await page.getByRole('link', { name: 'இந்த வாரம்' }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'இந்த வாரம்', level: 2 })).toBeVisible();
    await expect(page.getByTestId('kpi-net-value')).toBeVisible();
    await chartsDrawn(page, 4);
    // every canvas is hidden from screen readers: the tables are the text
    for (const canvas of await page.locator('canvas').all()) await expect(canvas).toHaveAttribute('aria-hidden', 'true');

    const vendor = await apiToken(baseURL!, DEMO.vendor);
    const s = await call<VendorSummary>(baseURL!, vendor, 'GET', `reports/vendor/summary?${lastWeek()}`);
    expect(s.totals.net).toBeGreaterThan(0);
    await expect(page.getByTestId('kpi-net-value')).toHaveText(formatRupees(s.totals.net));
    await expect(page.getByTestId('kpi-orders-value')).toHaveText(String(s.totals.counter.count + s.totals.delivery.count));

    // sales by day: counter, delivery, net, refunds and bills add up to the range's totals
    expect(await totals(page, 'chart-by-day')).toEqual([
      'மொத்தம்',
      formatRupees(s.totals.counter.net),
      formatRupees(s.totals.delivery.net),
      formatRupees(s.totals.net),
      formatRupees(s.totals.refunds),
      String(s.totals.sales),
    ]);
    await expect(page.getByTestId('chart-by-day-table').locator('tbody tr')).toHaveCount(7);
    // today by hour: the last day's bills and net
    const hours = s.byHour.reduce((a, h) => ({ sales: a.sales + h.sales, net: a.net + h.net }), { sales: 0, net: 0 });
    expect(await totals(page, 'chart-by-hour')).toEqual(['மொத்தம்', String(hours.sales), formatRupees(hours.net)]);
    // the payment mix, by method
    const payTable = page.getByTestId('chart-payments-table');
    await page.getByTestId('chart-payments').getByText('எண்களை அட்டவணையாகக் காட்டு').click();
    await expect(payTable.getByRole('row', { name: /ரொக்கம்/ })).toContainText(formatRupees(s.payments.cash));
    await expect(payTable.getByRole('row', { name: /UPI/ })).toContainText(formatRupees(s.payments.upi));
    // top products by their Tamil names
    await page.getByTestId('chart-top-products').getByText('எண்களை அட்டவணையாகக் காட்டு').click();
    const top = s.topProducts[0];
    const firstRow = page.getByTestId('chart-top-products-table').locator('tbody tr').first();
    await expect(firstRow).toContainText(top.nameTa || top.name);
    await expect(firstRow).toContainText(formatRupees(top.net));
    // the shop's dues (the demo shop sells on credit) and low stock, linked to their screens
    expect(s.dues).not.toBeNull();
    await expect(page.getByTestId('dues-card')).toContainText(formatRupees(s.dues!.outstanding));
    await expect(page.getByTestId('low-stock-card').getByRole('link', { name: 'மறு ஆர்டர் பட்டியல்' })).toHaveAttribute('href', '/reorder');

    // the page fits the phone: nothing but the tables scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // offline: the service worker serves the app, IndexedDB the figures, with the time they were saved
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await expect.poll(() => saved(page, 'dashboard:vendor:own:7'), { timeout: 20_000 }).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('saved-data-badge')).toHaveText(/^இணைப்பு இல்லை, \d{1,2}:\d{2} மணிக்குச் சேமித்தது$/);
    await expect(page.getByTestId('kpi-net-value')).toHaveText(formatRupees(s.totals.net));
    await chartsDrawn(page, 4);
    expect((await totals(page, 'chart-by-day'))[3]).toBe(formatRupees(s.totals.net));
    await context.setOffline(false);
  });
});

test.describe('the admin on a desktop', () => {
  test.use({ locale: 'ta-IN', viewport: { width: 1280, height: 800 } });

  test('sees orders by vendor and area, and the heat map with a number in each cell', async ({ page, baseURL }) => {
    await signInTamil(page, DEMO.admin);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'சந்தை நிலவரம்', level: 2 })).toBeVisible();
    const admin = await apiToken(baseURL!, DEMO.admin);
    const s = await call<AdminSummary>(baseURL!, admin, 'GET', `reports/admin/summary?${lastWeek()}`);
    await expect(page.getByTestId('kpi-value-value')).toHaveText(formatRupees(s.totals.value));
    await chartsDrawn(page, 2);

    const heat = page.getByTestId('heatmap');
    await expect(heat).toBeVisible();
    // weekday names in Tamil, Monday first
    await expect(heat.locator('tbody th').first()).toHaveText('திங்.');
    const cells = heat.getByTestId('heat-cell');
    await expect(cells).toHaveCount(7 * 24);
    const shown = (await cells.allTextContents()).map(Number);
    expect(shown).toEqual(s.heatmap.flat());
    expect(shown.reduce((a, n) => a + n, 0)).toBe(s.totals.orders);

    expect(await totals(page, 'chart-by-vendor')).toEqual(['மொத்தம்', String(s.totals.orders), formatRupees(s.totals.value)]);
  });
});
