import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, serviceWorkerReady, signIn, signInTamil } from './helpers';
import { getOrder, makeOrders } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * The rider's area picker at 390x844 (first on Home, each area's pending count as the server counts
 * it, the saved counts offline, a delivery sent by a background sync leaving the saved area list),
 * and what must fit on small screens: the header at 360 px in Tamil offline with a queued item,
 * search results within the first phone screen, and Pending Orders' status badge at 1280.
 */

const stamp = Date.now().toString(36);

const serverCounts = async (baseURL: string) =>
  new Map(
    (
      await call<{ areas: Array<{ area: string; pending: number }> }>(
        baseURL,
        await apiToken(baseURL, DEMO.delivery),
        'GET',
        'Orders/area-counts',
      )
    ).areas.map((a) => [a.area, a.pending]),
  );

/** The counts the picker shows, by area. */
async function shownCounts(page: Page): Promise<Map<string, number>> {
  const rows = page.getByTestId('area-row');
  const out = new Map<string, number>();
  for (const row of await rows.all()) out.set((await row.getAttribute('data-area'))!, Number(await row.getAttribute('data-pending')));
  return out;
}

/** The saved list of an area in this device's IndexedDB (null when none is saved). */
const savedAreaList = (page: Page, area: string) =>
  page.evaluate(async (name) => {
    const open = indexedDB.open('namma-kadai-offline');
    const db = await new Promise<IDBDatabase>((r, j) => ((open.onsuccess = () => r(open.result)), (open.onerror = j)));
    if (!db.objectStoreNames.contains('cache')) return null;
    const rows = await new Promise<Array<{ key: string; value: unknown }>>((r) => {
      const req = db.transaction('cache').objectStore('cache').getAll();
      req.onsuccess = () => r(req.result as Array<{ key: string; value: unknown }>);
    });
    db.close();
    const row = rows.find((x) => x.key.endsWith(`|area-orders:${name}`));
    return row ? (row.value as Array<{ _id: string; status: string }>) : null;
  }, area);

test.describe('rider at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the area picker comes first with the server counts, shows saved counts offline, and a delivery sent by a sync leaves the saved list', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const area = 'Anna Nagar';
    const lane = `E2E Picker Rd ${stamp}`;
    const [o1, o2] = await makeOrders(baseURL!, area, lane, 2);
    // the page's timers on a clock the test moves past the undo hold (and keeps the savers from running again)
    await page.clock.install();
    await signIn(page, DEMO.delivery);

    // first on Home: above the announcements, and no other card before it
    const picker = page.getByTestId('area-picker');
    await expect(picker.getByTestId('area-row').first()).toBeVisible();
    const pickerBox = (await picker.boundingBox())!;
    const newsBox = (await page.getByTestId('announcements').boundingBox())!;
    expect(pickerBox.y).toBeLessThan(newsBox.y);
    expect(pickerBox.y).toBeLessThan(844 / 2);

    // each area's count is the server's
    const server = await serverCounts(baseURL!);
    expect(server.get(area)).toBeGreaterThanOrEqual(2);
    await expect.poll(() => shownCounts(page)).toEqual(server);
    await expect(picker.getByRole('link', { name: `${area}, ${server.get(area)} pending` })).toBeVisible();

    // saved on this device while online (the counts and every area's list)
    await serviceWorkerReady(page);
    await expect.poll(() => savedAreaList(page, area).then((l) => l?.length ?? -1), { timeout: 30_000 }).toBe(server.get(area));

    // offline: the saved counts, said to be as of the last sync
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('area-counts-saved')).toHaveText(/^Counts as of the last sync, \d{1,2}:\d{2}$/);
    await expect.poll(() => shownCounts(page)).toEqual(server);

    // a delivery marked offline counts at once
    await picker.getByRole('link', { name: new RegExp(`^${area},`) }).click();
    await expect(page).toHaveURL(/\/orders-by-area\/Anna%20Nagar$/);
    const card = page.getByTestId('area-order').filter({ hasText: `${lane} 1` });
    await card.getByRole('button', { name: /^Mark Delivered/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark Delivered' }).click();
    await expect(card).toHaveAttribute('data-status', 'Delivered');
    await page.getByRole('link', { name: 'Namma Kadai home' }).click();
    await expect(page.locator(`[data-testid="area-row"][data-area="${area}"]`)).toHaveAttribute(
      'data-pending',
      String(server.get(area)! - 1),
    );

    // Back online on Home, the outbox sends it. The area lists are not reloaded meanwhile (their requests fail, as for
    // a Background Sync with the app closed): the saved list must lose it by itself.
    await context.route('**/api/Orders/pending-by-area/cards', (r) => r.abort());
    await context.setOffline(false);
    await page.clock.runFor(7_000);
    await expect
      .poll(async () => (await getOrder(baseURL!, await apiToken(baseURL!, DEMO.vendor), o1._id)).status, { timeout: 30_000 })
      .toBe('Delivered');
    await expect(page.getByTestId('sync-indicator')).toHaveCount(0, { timeout: 20_000 });
    // the saved area list no longer holds it, the other order stays
    await expect.poll(async () => (await savedAreaList(page, area))?.map((o) => o._id).includes(o1._id), { timeout: 10_000 }).toBe(false);
    expect((await savedAreaList(page, area))!.map((o) => o._id)).toContain(o2._id);
    await context.unroute('**/api/Orders/pending-by-area/cards');

    // offline again: the area screen and the picker agree it is done
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator(`[data-testid="area-row"][data-area="${area}"]`)).toHaveAttribute(
      'data-pending',
      String(server.get(area)! - 1),
    );
    await page.goto(`/orders-by-area/${encodeURIComponent(area)}`);
    await expect(page.getByTestId('area-order').filter({ hasText: `${lane} 2` })).toBeVisible();
    await expect(page.getByTestId('area-order').filter({ hasText: `${lane} 1` })).toHaveCount(0);
  });
});

/** Every element of the header inside it and none cut short; returns what does not fit (empty when all fits). */
const headerMisfits = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header')!;
    const box = header.getBoundingClientRect();
    const out: string[] = [];
    if (header.scrollWidth > header.clientWidth) out.push(`header scrolls: ${header.scrollWidth} > ${header.clientWidth}`);
    for (const el of header.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.textContent ?? '').slice(0, 20)}"`;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push(`${name} outside: ${r.left}-${r.right}`);
      if (el instanceof HTMLElement && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
        out.push(`${name} cut: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return out;
  });

/** Signs in through the sign-in screen in Tamil (the device's language) and waits for /Home. */
test.describe('header at 360 px in Tamil', () => {
  test.use({ viewport: { width: 360, height: 780 }, locale: 'ta-IN' });

  test('offline with a queued delivery: everything fits and the controls are 44 px', async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await makeOrders(baseURL!, 'Adyar', `E2E Header St ${stamp}`, 1);
    await page.clock.install();
    await signInTamil(page, DEMO.delivery);
    await page.goto('/orders-by-area/Adyar');
    const card = page.getByTestId('area-order').filter({ hasText: `E2E Header St ${stamp} 1` });
    await expect(card).toBeVisible();
    await context.setOffline(true);
    await card.getByRole('button', { name: /^டெலிவரி ஆனதாகக் குறி/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'டெலிவரி ஆனதாகக் குறி', exact: true }).click();
    await expect(page.getByTestId('sync-indicator')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^ta/);

    expect(await headerMisfits(page)).toEqual([]);
    for (const id of ['language-switch', 'sync-indicator', 'user-menu']) {
      const b = (await page.getByTestId(id).boundingBox())!;
      expect(b.width, id).toBeGreaterThanOrEqual(44);
      expect(b.height, id).toBeGreaterThanOrEqual(44);
    }
  });

  test('the customer with the longest name, offline: everything fits', async ({ page, context }) => {
    await signInTamil(page, DEMO.customer);
    // the screen and the header's menus loaded before the connection goes
    await expect(page.getByTestId('home-role')).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Open menu|மெனுவைத் திற)$/ })).toBeVisible();
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect(await headerMisfits(page)).toEqual([]);
    const b = (await page.getByTestId('language-switch').boundingBox())!;
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
  });
});

test.describe('search on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('before typing, the first page only; after typing, the first result within the first screen', async ({ page }) => {
    await signIn(page, DEMO.customer);
    await page.goto('/product-search');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText(/products found$/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    expect(await cards.count()).toBeLessThanOrEqual(10);

    await page.getByRole('textbox', { name: 'Keyword' }).fill('rice');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/keyword=rice/);
    await expect(page.getByText(/products? found$/)).toBeVisible();
    await expect.poll(async () => (await cards.first().boundingBox())?.y ?? Infinity).toBeLessThan(844);
  });
});

test.describe('Pending Orders at 1280', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the status badge reads PENDING in full', async ({ page }) => {
    await signIn(page, DEMO.vendor);
    await page.goto('/PendingOrders');
    const badges = page.getByTestId('pending-order-status');
    await expect(badges.first()).toBeVisible();
    const cut = await badges.evaluateAll((els) =>
      els.flatMap((el) =>
        [el, ...el.querySelectorAll<HTMLElement>('*')]
          .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth)
          .map((e) => `${e.textContent}: ${e.scrollWidth} > ${e.clientWidth}`),
      ),
    );
    expect(cut).toEqual([]);
    await expect(badges.first()).toHaveText(/^Pending$/i);
  });
});
