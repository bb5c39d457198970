import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, countOutboxReplays, DEMO, outboxReplays, serviceWorkerReady, signIn } from './helpers';
import { getOrder, makeOrders } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A rider's day at 390x844: a round of three deliveries without passing Home (Mark Delivered on the
 * cards with a confirmation and a 5-second undo, the map and dialler links, the order page going on
 * to the area), and any area opening offline after one online sign-in.
 */

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);

const orderOf = async (baseURL: string, id: string) => getOrder(baseURL, await apiToken(baseURL, DEMO.vendor), id);

/** The number in "3 pending orders". */
async function pendingCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('pending-count').textContent()) ?? '';
  return Number(/^(\d+) pending order/.exec(text)?.[1] ?? NaN);
}

test('a round of three deliveries without passing Home: confirm, undo, map and dialler links, on from the order page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const area = 'Velachery';
  const lane = `E2E Round St ${stamp}`;
  const [o1, o2, o3] = await makeOrders(baseURL!, area, lane, 3);
  // the page's timers on a clock the test can move past the undo hold
  await page.clock.install();
  await countOutboxReplays(page.context());

  await signIn(page, DEMO.delivery);
  await page.goto(`/orders-by-area/${encodeURIComponent(area)}`);
  const visited: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
  });
  const card = (n: number) => page.getByTestId('area-order').filter({ hasText: `${lane} ${n}` });
  await expect(card(1)).toBeVisible();
  const before = await pendingCount(page);
  expect(before).toBeGreaterThanOrEqual(3);

  // The address opens the map, the phone the dialler.
  const mapHref = await card(1).getByTestId('map-link').getAttribute('href');
  expect(mapHref).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${lane} 1, ${area}, Chennai, 600042`)}`);
  await expect(card(1).getByTestId('map-link')).toHaveAttribute('target', '_blank');
  await expect(card(1).getByTestId('tel-link')).toHaveAttribute('href', 'tel:9000012341');

  // 1: confirm with cash collected, then undo: it is pending again and nothing reaches the server.
  await card(1)
    .getByRole('button', { name: /^Mark Delivered/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Mark order #${o1.orderNumber} delivered?`);
  await dialog.getByRole('checkbox', { name: /^Cash collected/ }).check();
  await dialog.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(card(1).getByTestId('undo-delivery')).toBeVisible();
  expect(await pendingCount(page)).toBe(before - 1); // at once, before anything is sent
  await card(1).getByTestId('undo-delivery').click();
  await expect(card(1).getByRole('button', { name: /^Mark Delivered/ })).toBeVisible();
  expect(await pendingCount(page)).toBe(before);
  // past the hold, once the page's replay has run: an undone delivery is never sent
  const replays = await outboxReplays(page);
  await page.clock.runFor(7_000);
  await expect.poll(() => outboxReplays(page), { timeout: 30_000 }).toBeGreaterThan(replays);
  expect((await orderOf(baseURL!, o1._id)).status).toBe('Pending');

  // Cancel in the dialog changes nothing; the dialog opens with the cash box unticked again.
  await card(1)
    .getByRole('button', { name: /^Mark Delivered/ })
    .click();
  await expect(page.getByRole('dialog').getByRole('checkbox', { name: /^Cash collected/ })).not.toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await pendingCount(page)).toBe(before);

  // 1 again (cash) and 2, from their cards, one after the other.
  await card(1)
    .getByRole('button', { name: /^Mark Delivered/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('checkbox', { name: /^Cash collected/ })
    .check();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(card(1).getByTestId('undo-delivery')).toBeVisible();
  await card(2)
    .getByRole('button', { name: /^Mark Delivered/ })
    .click();
  // straight after the last one: its cash tick does not carry over
  await expect(page.getByRole('dialog').getByRole('checkbox', { name: /^Cash collected/ })).not.toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(card(2).getByTestId('undo-delivery')).toBeVisible();
  expect(await pendingCount(page)).toBe(before - 2);

  // 3 from its order page; from there the rider goes back to the area, not to Home.
  await card(3).getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendor/orders/${o3._id}$`));
  await expect(page.getByTestId('delivery-status')).toHaveText('Not Delivered');
  await page.getByRole('button', { name: 'Mark Delivered', exact: true }).click();
  await expect(page.getByTestId('delivery-status')).toHaveText('Delivered');
  await expect(page.getByTestId('next-order')).toBeVisible();
  await page.getByTestId('back-to-area').click();
  await expect(page).toHaveURL(new RegExp(`/orders-by-area/${encodeURIComponent(area)}$`));
  await expect(page.getByRole('heading', { name: `Pending Orders for ${area}` })).toBeVisible();

  // All three reach the server once the holds are over; the first one paid in cash.
  await expect.poll(async () => (await orderOf(baseURL!, o1._id)).status, { timeout: 30_000 }).toBe('Delivered');
  await expect.poll(async () => (await orderOf(baseURL!, o2._id)).status, { timeout: 30_000 }).toBe('Delivered');
  await expect.poll(async () => (await orderOf(baseURL!, o3._id)).status, { timeout: 30_000 }).toBe('Delivered');
  const first = await orderOf(baseURL!, o1._id);
  expect([first.paymentStatus, first.paymentMethod]).toEqual(['Paid', 'cash']);
  expect((await orderOf(baseURL!, o2._id)).paymentStatus).toBe('Pending');
  // Once synced, the area's list no longer has them.
  await expect(page.getByTestId('area-order').filter({ hasText: lane })).toHaveCount(0, { timeout: 20_000 });

  expect(visited.length).toBeGreaterThan(1);
  expect(visited.filter((p) => p === '/Home')).toEqual([]);
});

test('any area opens offline after one online sign-in; a delivery there counts at once and is sent once on reconnect', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const area = 'Mylapore'; // never opened online in this test
  const lane = `E2E Offline Round ${stamp}`;
  const [o1] = await makeOrders(baseURL!, area, lane, 1);
  // the page's timers on a clock the test can move past the undo hold
  await page.clock.install();

  await signIn(page, DEMO.delivery);
  await serviceWorkerReady(page);
  // While online the app saves every area's pending orders (no area page was opened), then, in the
  // background, each order's details: the test goes offline once every saved card's details are in.
  await expect
    .poll(
      () =>
        page.evaluate(async (name) => {
          const open = indexedDB.open('namma-kadai-offline');
          const db = await new Promise<IDBDatabase>((r, j) => ((open.onsuccess = () => r(open.result)), (open.onerror = j)));
          if (!db.objectStoreNames.contains('cache')) return 'no cache';
          const rows = await new Promise<{ key: string; value: unknown }[]>((r) => {
            const req = db.transaction('cache').objectStore('cache').getAll();
            req.onsuccess = () => r(req.result);
          });
          db.close();
          const keys = new Set(rows.map((row) => row.key.slice(row.key.indexOf('|') + 1)));
          if (!keys.has(`area-orders:${name}`)) return `no list of ${name}`;
          const cards = rows.filter((row) => row.key.includes('|area-orders:')).flatMap((row) => row.value as { _id: string }[]);
          const missing = cards.filter((c) => !keys.has(`order:${c._id}`));
          return missing.length ? `${missing.length} details to come` : 'saved';
        }, area),
      { timeout: 60_000 },
    )
    .toBe('saved');

  await context.setOffline(true);
  await page.goto(`/orders-by-area/${encodeURIComponent(area)}`);
  const mine = page.getByTestId('area-order').filter({ hasText: lane });
  await expect(mine).toHaveCount(1);
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at \d{1,2}:\d{2}$/);
  await expect(page.getByText(/Failed to load/)).toHaveCount(0);
  const before = await pendingCount(page);

  await mine.getByRole('button', { name: /^Mark Delivered/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark Delivered' }).click();
  // at once: from the device's outbox, offline
  await expect(page.getByTestId('pending-count')).toHaveText(new RegExp(`^${before - 1} pending order`), { timeout: 1_500 });
  await expect(mine).toHaveAttribute('data-status', 'Delivered');
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('aria-label', /1 waiting to sync/);
  // past the hold, offline: it still waits on the device and nothing reached the server
  await page.clock.runFor(7_000);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('aria-label', /1 waiting to sync/);
  expect((await orderOf(baseURL!, o1._id)).status).toBe('Pending');

  // Another area, chosen on this screen, opens offline too.
  await page.getByRole('combobox', { name: 'Area' }).selectOption('Velachery');
  await expect(page).toHaveURL(/\/orders-by-area\/Velachery$/);
  await expect(page.getByRole('heading', { name: 'Pending Orders for Velachery' })).toBeVisible();
  await expect(page.getByTestId('saved-data-badge')).toHaveText(/^Offline, saved at/);
  // and the bill of one of its orders, to hand over at the door: an unpaid order is numbered at its delivery, so
  // its bill shows the order's reference and says so
  await page.getByTestId('area-order').first().getByRole('link', { name: 'View Details' }).click();
  await page.getByRole('link', { name: 'Bill', exact: true }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByTestId('counter-bill').getByTestId('bill-invoice')).toHaveText(/^Ref #\d+ \(number to come\)$/);
  await expect(page.getByTestId('counter-bill').getByTestId('bill-number-at-delivery')).toBeVisible();

  await context.setOffline(false);
  await expect.poll(async () => (await orderOf(baseURL!, o1._id)).status, { timeout: 30_000 }).toBe('Delivered');
  await expect(page.getByTestId('sync-indicator')).toHaveCount(0, { timeout: 20_000 });
  const deliveredAt = (await orderOf(baseURL!, o1._id)).deliveredAt;
  // sent once: later syncs and reloads do not deliver it again
  await page.reload();
  await page.goto(`/orders-by-area/${encodeURIComponent(area)}`);
  await expect(page.getByTestId('area-order').filter({ hasText: lane })).toHaveCount(0);
  expect((await orderOf(baseURL!, o1._id)).deliveredAt).toBe(deliveredAt);
});

const indiaDay = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);
/** HH:MM in India time, as the app writes times (src/lib/format.ts). */
const indiaTime = (iso: string, locale = 'en-IN') =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

test('a delivery marked offline keeps the time of the tap: the order says when it was recorded and when it was sent', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lane = `E2E Offline Time ${stamp}`;
  // ordered an hour ago; the rider's phone clock starts 2 minutes behind the server, so the tap is 2 minutes before it is sent
  const [order] = await makeOrders(baseURL!, 'Adyar', lane, 1, { createdAt: new Date(Date.now() - 3_600_000).toISOString() });
  await page.clock.install({ time: Date.now() - 2 * 60_000 });

  await signIn(page, DEMO.delivery);
  await page.goto(`/vendor/orders/${order._id}`);
  await expect(page.getByTestId('delivery-status')).toHaveText('Not Delivered');
  // the sale was rung up an hour before it reached the server: the order says so; of a delivery, nothing yet
  await expect(page.getByTestId('sale-recorded-offline')).toBeVisible();
  await expect(page.getByTestId('delivery-recorded-offline')).toHaveCount(0);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Mark Delivered', exact: true }).click();
  await expect(page.getByTestId('delivery-status')).toHaveText('Delivered');
  await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
  // the time of the tap, written into the request when it was saved on the phone
  const at = await page.evaluate(async (orderId) => {
    const open = indexedDB.open('namma-kadai-offline');
    const db = await new Promise<IDBDatabase>((r, j) => ((open.onsuccess = () => r(open.result)), (open.onerror = j)));
    const items = await new Promise<Array<{ kind: string; body: { orderId: string; at?: string } }>>((r) => {
      const req = db.transaction('outbox').objectStore('outbox').getAll();
      req.onsuccess = () => r(req.result);
    });
    db.close();
    return items.find((i) => i.kind === 'markDelivered' && i.body.orderId === orderId)?.body.at ?? null;
  }, order._id);
  expect(at).not.toBeNull();

  // two minutes later, back online: it is sent, and dated by the tap
  await page.clock.runFor(2 * 60_000);
  await context.setOffline(false);
  await expect.poll(async () => (await orderOf(baseURL!, order._id)).status, { timeout: 30_000 }).toBe('Delivered');
  const sent = await orderOf(baseURL!, order._id);
  expect(sent.deliveredAt).toBe(new Date(at!).toISOString());
  expect(sent.deliveredReceivedAt).toBeDefined();
  expect(Date.parse(sent.deliveredReceivedAt!) - Date.parse(at!)).toBeGreaterThanOrEqual(2 * 60_000);

  await page.reload();
  const note = page.getByTestId('delivery-recorded-offline');
  // (sent on another India day than the tap, the sending time takes its date too)
  const sameDay = indiaDay(at!) === indiaDay(sent.deliveredReceivedAt!);
  const sentAt = (locale?: string) => (sameDay ? indiaTime(sent.deliveredReceivedAt!, locale) : '');
  await expect(note).toContainText(`Delivery recorded offline at ${indiaTime(at!)}, sent ${sentAt()}`);
  await page.screenshot({ path: test.info().outputPath('offline-delivery-en.png') });

  await page.getByTestId('language-switch').click();
  await expect(note).toContainText(`டெலிவரி ${indiaTime(at!, 'ta-IN')} மணிக்கு ஆஃப்லைனில் பதிவானது, ${sentAt('ta-IN')}`);
  await expect(note).toContainText('மணிக்கு அனுப்பப்பட்டது');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: test.info().outputPath('offline-delivery-ta.png') });
  // the rider's language goes back to English for whoever signs in next on this server
  await page.getByTestId('language-switch').click();
  await expect(note).toContainText('Delivery recorded offline');
});
