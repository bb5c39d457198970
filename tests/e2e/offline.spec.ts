import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { e2eServer, test } from './fixtures';
import { chromiumPath } from '../../scripts/chromium-path.mjs';
import { orderRef } from '../../core/order-ref';
import type { OrderDto } from '../../core/schemas/order';
import { apiToken, call, choose, DEMO, makeProduct, openCounterOnline, serviceWorkerReady, signIn, waitFor } from './helpers';
import { deliverySale, getOrder, makeOrders, stockedProduct } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Offline-first, in Chromium against the real server: reads from the device when
 * offline, writes through the outbox, exactly-once replay even across a server crash.
 */

const stamp = Date.now().toString(36);
const AREA = 'Adyar';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Kills this worker's test server (SIGKILL: no draining); restartServer starts it again on the same port and data. */
const killServer = () => e2eServer().kill();
const restartServer = () => e2eServer().restart();

// offline and back, a replay, a server restart: two minutes a test unless it says otherwise
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('delivery: area orders stay readable offline after a reload; two marked delivered offline reach the server once', async ({
  page,
  context,
  baseURL,
}) => {
  const lane = `E2E Offline Lane ${stamp}`;
  const made = await makeOrders(baseURL!, AREA, lane, 2, { paymentStatus: 'Paid' });
  const vendor = await apiToken(baseURL!, DEMO.vendor);

  await signIn(page, DEMO.delivery);
  await page.goto(`/orders-by-area/${encodeURIComponent(AREA)}`);
  const mine = page.getByTestId('area-order').filter({ hasText: lane });
  await expect(mine).toHaveCount(2);
  await serviceWorkerReady(page);

  // Offline, and the page reloaded: the service worker serves the app, IndexedDB the orders.
  await context.setOffline(true);
  await page.reload();
  await expect(mine).toHaveCount(2);
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at \d{1,2}:\d{2}$/);

  for (const n of [1, 2]) {
    await page
      .getByTestId('area-order')
      .filter({ hasText: `${lane} ${n}` })
      .getByRole('link', { name: 'View Details' })
      .click();
    await expect(page).toHaveURL(/\/vendor\/orders\//);
    await expect(page.getByTestId('delivery-status')).toHaveText('Not Delivered');
    await page.getByRole('button', { name: 'Mark Delivered' }).click();
    await expect(page.getByTestId('delivery-status')).toHaveText('Delivered');
    await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('area-order').filter({ hasText: `${lane} ${n}` })).toContainText('Delivered');
  }
  // The header shows two waiting.
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('aria-label', /2 waiting to sync/);
  // Nothing reached the server yet.
  for (const o of made) expect((await getOrder(baseURL!, vendor, o._id)).status).toBe('Pending');

  await context.setOffline(false);
  for (const o of made) {
    await waitFor(
      () => getOrder(baseURL!, vendor, o._id),
      (x) => x.status === 'Delivered',
      30_000,
      'delivered on the server',
    );
  }
  await expect(page.getByTestId('sync-indicator')).toHaveCount(0, { timeout: 15_000 });
  // Once: the delivery time the server recorded does not move on later replays or syncs.
  const first = await Promise.all(made.map((o) => getOrder(baseURL!, vendor, o._id)));
  await page.reload();
  await expect(mine).toHaveCount(0);
  const again = await Promise.all(made.map((o) => getOrder(baseURL!, vendor, o._id)));
  expect(again.map((o) => o.deliveredAt)).toEqual(first.map((o) => o.deliveredAt));
});

test('vendor: two walk-in sales rung up offline; server killed mid-replay; exactly two orders with their sale times', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  // a demo product (other tests add products in categories of their own, in any order)
  const product = await stockedProduct(baseURL!, 10, (p) => !p.name.startsWith('E2E'));
  const street = `E2E Counter St ${stamp}`;

  await openCounterOnline(page);

  await context.setOffline(true);
  const saleTimes: number[] = [];
  for (const qty of [1, 2]) {
    await page.goto('/order');
    await choose(page, 'Category 1', product.category);
    await choose(page, 'Subcategory 1', product.subcategory);
    await choose(page, 'Product 1', new RegExp(`^${escapeRe(product.name)}`));
    await page.getByLabel('Quantity 1', { exact: true }).fill(String(qty));
    // to deliver later: the sales wait among the pending orders (on a phone, the address shows then)
    await page.getByText('Deliver later', { exact: true }).click();
    await page.getByLabel(/^Address/).fill(`${street} ${qty}`);
    await page.getByLabel(/^City/).fill('Madurai');
    await page.getByLabel(/^Pincode/).fill('625001');
    await page.getByLabel(/^Phone number/).fill('9876543210');
    // the sales more than a second apart, so each order's time (checked to a second below) is told from the other's
    if (saleTimes.length) await expect.poll(() => Date.now() - saleTimes[0]).toBeGreaterThan(1100);
    saleTimes.push(Date.now());
    await page.getByRole('button', { name: 'Create Order' }).click();
    await expect(page.getByText('Sale saved on this device. It will be sent when you are back online.').first()).toBeVisible();
    await expect(page.getByTestId('last-sale')).toBeVisible();
    await page.goto('/PendingOrders');
    await expect(page.getByTestId('queued-sale').filter({ hasText: `${street} ${qty}` })).toContainText('Waiting to sync');
    // its bill is provisional: the invoice number comes from the server
    await expect(
      page
        .getByTestId('queued-sale')
        .filter({ hasText: `${street} ${qty}` })
        .getByTestId('provisional-bill'),
    ).toContainText('Provisional bill');
  }
  const offlineUntil = Date.now();
  await expect(page.getByTestId('queued-sale')).toHaveCount(2);

  // Back online: the first replayed POST kills the server (SIGKILL, mid-replay); then it comes back.
  // (The replay may run in the page or in the service worker on Background Sync: the context sees both.)
  let killed = false;
  const onRequest = (req: import('@playwright/test').Request) => {
    if (!killed && req.method() === 'POST' && new URL(req.url()).pathname === '/api/Orders') {
      killed = true;
      setTimeout(killServer, 30);
    }
  };
  context.on('request', onRequest);
  page.on('request', onRequest);
  await context.setOffline(false);
  await waitFor(
    async () => killed,
    (v) => v,
    30_000,
    'a replay to start',
  );
  await restartServer();
  // Nudge the page (the online event forces a replay; its timer would also get there).
  await context.setOffline(true);
  await context.setOffline(false);

  const mine = await waitFor(
    async () =>
      (await call<OrderDto[]>(baseURL!, vendor, 'GET', 'Orders/vendor/pending')).filter((o) =>
        o.shippingAddress?.address?.startsWith(street),
      ),
    (list) => list.length >= 2,
    150_000,
    'both sales on the server',
  );
  await expect(page.getByTestId('queued-sale')).toHaveCount(0, { timeout: 60_000 });
  // Exactly two, never a third from a replay.
  const final = (await call<OrderDto[]>(baseURL!, vendor, 'GET', 'Orders/vendor/pending')).filter((o) =>
    o.shippingAddress?.address?.startsWith(street),
  );
  expect(final).toHaveLength(2);
  expect(mine).toHaveLength(2);
  const byQty = new Map(final.map((o) => [o.products[0].quantity, o]));
  for (const [i, qty] of [1, 2].entries()) {
    const at = Date.parse(byQty.get(qty)!.createdAt);
    // The order's date is the offline sale time, not the sync time.
    expect(at).toBeGreaterThanOrEqual(saleTimes[i] - 1000);
    expect(at).toBeLessThanOrEqual(saleTimes[i] + 5000);
    expect(at).toBeLessThan(offlineUntil);
  }
  await expect(page.getByTestId('pending-order').filter({ hasText: street })).toHaveCount(2, { timeout: 20_000 });
});

test('vendor: a sale the server refuses after replay needs attention; edit and resend sends it once, with its sale time and the same totals', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const kept = await stockedProduct(baseURL!, 10);
  // A product of the vendor's own that is deleted while the sale waits offline: the server refuses the sale (404).
  const goneName = `E2E Gone Soap ${stamp}`;
  const gone = await makeProduct(baseURL!, DEMO.vendor, {
    name: goneName,
    Tamil: `சோப்பு ${stamp}`,
    price: 60,
    shopPrice: 55,
    discount: 0,
    countInStock: 20,
    category: kept.category,
    subcategory: kept.subcategory,
  });
  const street = `E2E Refused St ${stamp}`;

  await signIn(page, DEMO.vendor);
  await page.goto('/order');
  await expect(page.getByRole('combobox', { name: 'Category 1', exact: true })).toBeEnabled();
  await serviceWorkerReady(page);

  await context.setOffline(true);
  await page.goto('/order');
  await choose(page, 'Category 1', kept.category);
  await choose(page, 'Subcategory 1', kept.subcategory);
  await choose(page, 'Product 1', new RegExp(`^${escapeRe(goneName)}`));
  await page.getByRole('button', { name: '+ Add item' }).click();
  await choose(page, 'Category 2', kept.category);
  await choose(page, 'Subcategory 2', kept.subcategory);
  await choose(page, 'Product 2', new RegExp(`^${escapeRe(kept.name)}`));
  await page.getByLabel('Quantity 2', { exact: true }).fill('2');
  await page.getByText('Deliver later', { exact: true }).click();
  await page.getByLabel(/^Address/).fill(street);
  await page.getByLabel(/^City/).fill('Madurai');
  await page.getByLabel(/^Pincode/).fill('625001');
  await page.getByLabel(/^Phone number/).fill('9876543210');
  const formTotal = ((await page.getByTestId('order-total').textContent()) ?? '').replace('Order total:', '').trim();
  const saleTime = Date.now();
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByTestId('last-sale')).toBeVisible();
  await page.goto('/PendingOrders');
  const card = page.getByTestId('queued-sale').filter({ hasText: street });
  await expect(card).toContainText('Waiting to sync');
  await expect(card).toContainText(`Total: ${formTotal}`);

  await call(baseURL!, vendor, 'DELETE', `products/${gone._id}`);
  await context.setOffline(false);
  await expect(card).toContainText('Needs attention', { timeout: 60_000 });
  await expect(card).toContainText(`Total: ${formTotal}`);

  await page.getByTestId('sync-indicator').click();
  const attention = page.getByTestId('outbox-attention');
  await expect(attention).toHaveCount(1);
  await expect(attention).toContainText(`Total ${formTotal}`);
  await expect(attention).toContainText(`${goneName} × 1`);
  await expect(attention).toContainText(`${kept.name} × 2`);
  await attention.getByRole('button', { name: 'Edit and resend' }).click();
  await attention.getByLabel(`Quantity of ${goneName}`).fill('0');
  await attention.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('Sale saved again; it will be sent when possible.')).toBeVisible();

  const mine = await waitFor(
    async () =>
      (await call<OrderDto[]>(baseURL!, vendor, 'GET', 'Orders/vendor/pending')).filter((o) => o.shippingAddress?.address === street),
    (list) => list.length >= 1,
    60_000,
    'the edited sale on the server',
  );
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0, { timeout: 30_000 });
  const final = (await call<OrderDto[]>(baseURL!, vendor, 'GET', 'Orders/vendor/pending')).filter(
    (o) => o.shippingAddress?.address === street,
  );
  expect(final).toHaveLength(1);
  expect(mine[0].products.map((l) => l.quantity)).toEqual([2]);
  // The sale time stays the counter's, not the resend's.
  const at = Date.parse(final[0].createdAt);
  expect(at).toBeGreaterThanOrEqual(saleTime - 1000);
  expect(at).toBeLessThanOrEqual(saleTime + 5000);
});

test('first session: "Ready to work offline", then /Home and the profile open offline from what was saved', async ({ page, context }) => {
  await signIn(page, DEMO.delivery);
  // No visit to Profile: the app saves it, and says when the app and the data are on the device.
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await page.goto('/Home');
  await expect(page.getByText(/Welcome, /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // A route never opened before: its chunk was precached and its data saved.
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).not.toBeEmpty();
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at \d{1,2}:\d{2}$/);
  await expect(page.getByText('FETCH_ERROR')).toHaveCount(0);
  await context.setOffline(false);
});

test('the counter\'s later chunks (camera decoder, printer) are cached after "Ready to work offline", and the printer opens offline', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.vendor);
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 30_000 });
  // the worker's second step: every later-* chunk its build lists is in its own cache
  const later = await page.evaluate(async () => {
    const sw = await (await fetch('/sw.js')).text();
    return [...new Set(sw.match(/assets\/later-[\w.-]+\.js/g) ?? [])];
  });
  expect(later.length).toBeGreaterThan(0);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('later-assets-v1');
          return (await cache.keys()).map((r) => new URL(r.url).pathname.slice(1)).sort();
        }),
      { timeout: 30_000 },
    )
    .toEqual([...later].sort());
  await context.setOffline(true);
  await page.goto('/order');
  await page.getByRole('button', { name: 'Receipt printer' }).click();
  await expect(page.getByRole('dialog', { name: 'Receipt printer' })).toBeVisible();
  await context.setOffline(false);
});

/** Whether this device has saved an order's details (its lines, its detail page) for the signed-in user. */
const detailsSaved = (page: Page, id: string) =>
  page.evaluate(async (name) => {
    const open = indexedDB.open('namma-kadai-offline');
    const db = await new Promise<IDBDatabase>((r, j) => ((open.onsuccess = () => r(open.result)), (open.onerror = j)));
    if (!db.objectStoreNames.contains('cache')) return false;
    const keys = await new Promise<IDBValidKey[]>((r) => {
      const req = db.transaction('cache').objectStore('cache').getAllKeys();
      req.onsuccess = () => r(req.result);
    });
    db.close();
    return keys.map(String).some((k) => k.endsWith(`|${name}`));
  }, `order:${id}`);

test('a rider who waits for "Ready to work offline" loses the connection at once and still opens every area and marks an order delivered', async ({
  page,
  context,
  baseURL,
}) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const p = await stockedProduct(baseURL!, 20);
  const lane = `E2E First Session ${stamp}`;
  // one order in every area there is: the rider's every area must open offline
  const { areas } = await call<{ areas: string[] }>(baseURL!, vendor, 'GET', 'users/misc/areas');
  expect(areas.length).toBeGreaterThan(1);
  const made = new Map<string, OrderDto>();
  for (const area of areas)
    made.set(area, await deliverySale(baseURL!, vendor, [{ productId: p._id, quantity: 1 }], { address: `${lane} ${area}`, area }));

  // A new phone: no service worker, nothing saved. Sign in, wait only for the app to say it is ready, and
  // lose the connection at once (the orders' details, saved in the background, may not be there yet).
  await signIn(page, DEMO.delivery);
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  const cardOf = (area: string) => page.getByTestId('area-order').filter({ hasText: `${lane} ${area}` });
  for (const area of areas) {
    await page.goto(`/orders-by-area/${encodeURIComponent(area)}`);
    await expect(page.getByRole('heading', { name: `Pending Orders for ${area}` })).toBeVisible();
    await expect(cardOf(area)).toHaveCount(1);
    await expect(cardOf(area)).toHaveAttribute('data-status', 'Pending');
  }

  // Delivered from its card, on the last area's page: confirmed (a paid order asks no cash question),
  // undoable for a few seconds, then shown as delivered and waiting to sync.
  const area = areas[areas.length - 1];
  const card = cardOf(area);
  await card.getByRole('button', { name: /^Mark Delivered/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Already paid');
  await dialog.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveAttribute('data-status', 'Delivered');
  await expect(card.getByTestId('undo-delivery')).toBeVisible();
  // past the undo hold: still on the device, waiting for the connection
  await expect(card).toContainText('Delivered on this device - waiting to sync', { timeout: 15_000 });
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('aria-label', /1 waiting to sync/);
  expect((await getOrder(baseURL!, vendor, made.get(area)!._id)).status).toBe('Pending');

  // Online again: the delivery reaches the server; every other order is still pending.
  await context.setOffline(false);
  await expect.poll(async () => (await getOrder(baseURL!, vendor, made.get(area)!._id)).status, { timeout: 30_000 }).toBe('Delivered');
  for (const [other, o] of made) {
    if (other !== area) expect((await getOrder(baseURL!, vendor, o._id)).status).toBe('Pending');
  }
  await expect(page.getByTestId('sync-indicator')).toHaveCount(0, { timeout: 20_000 });
});

test('after "Ready to work offline" the orders\' details are saved in the background: a card\'s lines and its detail page open offline', async ({
  page,
  context,
  baseURL,
}) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const p = await stockedProduct(baseURL!, 5);
  const lane = `E2E Background Details ${stamp}`;
  const area = 'Tambaram'; // never opened online in this test, so only the background saves its details
  const order = await deliverySale(baseURL!, vendor, [{ productId: p._id, quantity: 1 }], { address: `${lane} ${area}`, area });

  await signIn(page, DEMO.delivery);
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 30_000 });
  // Online on Home (no area page, no card opened): the details arrive on their own.
  await expect.poll(() => detailsSaved(page, order._id), { timeout: 30_000 }).toBe(true);

  // Offline, the area page loaded afresh: the app from the service worker, the cards and lines from the device.
  await context.setOffline(true);
  await page.goto(`/orders-by-area/${encodeURIComponent(area)}`);
  const card = page.getByTestId('area-order').filter({ hasText: lane });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at \d{1,2}:\d{2}$/);
  await card.getByTestId('card-lines-toggle').click();
  await expect(card.getByTestId('card-lines')).toContainText(`${p.name} × 1`);
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendor/orders/${order._id}$`));
  await expect(page.getByTestId('delivery-status')).toHaveText('Not Delivered');
  await expect(page.getByTestId('order-item')).toContainText(p.name);
  await context.setOffline(false);
});

test('an order opened offline while its details were still on their way shows once they are saved', async ({ page, context, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const lane = `E2E Details On Their Way ${stamp}`;
  const order = await deliverySale(baseURL!, vendor, [{ productId: (await stockedProduct(baseURL!, 5))._id, quantity: 1 }], {
    address: lane,
    area: AREA,
  });
  // the orders' details are asked for while online and answered only once the rider is offline on the order's page
  let asked!: () => void;
  const detailsAsked = new Promise<void>((r) => (asked = r));
  let answer!: () => void;
  const answered = new Promise<void>((r) => (answer = r));
  await page.route('**/api/Orders/details', async (route) => {
    asked();
    const response = await route.fetch();
    await answered;
    await route.fulfill({ response });
  });

  await signIn(page, DEMO.delivery);
  await page.goto(`/orders-by-area/${encodeURIComponent(AREA)}`);
  const card = page.getByTestId('area-order').filter({ hasText: lane });
  await expect(card).toHaveCount(1);
  await detailsAsked;
  await serviceWorkerReady(page);
  await context.setOffline(true);
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendor/orders/${order._id}$`));
  // nothing saved of it yet
  await expect(page.getByText('Failed to load orders.')).toBeVisible();
  answer();
  await expect(page.getByTestId('delivery-status')).toHaveText('Not Delivered');
  await expect(page.getByRole('heading', { name: `Order ${orderRef(order)}` })).toBeVisible();
  await context.setOffline(false);
});

test('the profile reads offline from what was saved, and says when it was saved', async ({ page, context }) => {
  await signIn(page, DEMO.delivery);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).not.toBeEmpty();
  const name = await page.getByTestId('profile-name').textContent();
  await serviceWorkerReady(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText(name!);
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at \d{1,2}:\d{2}$/);
  await context.setOffline(false);
});

test("Chromium's installability check (persistent profile) reports no error", async ({ baseURL }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pwa-install-'));
  let ctx: BrowserContext | undefined;
  try {
    ctx = await chromium.launchPersistentContext(dir, {
      executablePath: chromiumPath(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 390, height: 844 },
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${baseURL}/`);
    await serviceWorkerReady(page);
    await page.reload();
    await serviceWorkerReady(page);
    const cdp = await ctx.newCDPSession(page);
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }).installabilityErrors,
        { timeout: 10_000 },
      )
      .toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  } finally {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
