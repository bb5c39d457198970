import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  apiToken,
  call,
  countOutboxReplays,
  DEMO,
  logoutFromMenu,
  outboxReplays,
  registerCustomerApi,
  serviceWorkerReady,
  signIn,
  siteStorageDump,
  waitFor,
} from './helpers';
import { orderRef } from '../../core/order-ref';
import type { OrderDto } from '../../core/schemas/order';
import { deliverySale, getOrder, stockedProduct } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * A shared family phone: what one user leaves on the device (cart, shipping address, saved data,
 * tokens, caches) is gone when they log out, so the next person to sign in sees none of it - online
 * or offline. Unsent outbox items are not dropped silently: logout warns and offers to wait, and
 * another user neither sees nor sends them.
 */

const run = Date.now().toString(36).slice(-6);
const AREA = 'Adyar';

const sessionUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}')?.state?.userInfo as { _id: string; token: string } | null);

/**
 * Waits until the screen's reads of saved data have ended and drawn: a write transaction on the saved-data store
 * starts only after every transaction on it begun before, then two frames for the screen to draw what they read.
 */
async function savedDataDrawn(page: Page) {
  await page.evaluate(async () => {
    if ((await indexedDB.databases()).some((d) => d.name === 'namma-kadai-offline')) {
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const r = indexedDB.open('namma-kadai-offline');
        // never create or upgrade the app's database from here
        r.onupgradeneeded = () => r.transaction?.abort();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => resolve(null);
      });
      if (db?.objectStoreNames.contains('cache')) {
        await new Promise<void>((resolve) => {
          const tx = db.transaction('cache', 'readwrite');
          tx.objectStore('cache').count();
          tx.oncomplete = tx.onabort = tx.onerror = () => resolve();
        });
      }
      db?.close();
    }
    await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  });
}

function expectNoTraces(text: string, traces: string[], where: string) {
  for (const t of traces) expect(text.includes(t), `${where} still holds "${t}"`).toBe(false);
}

// whole sessions of two users, online and offline: three minutes a test
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test("after A logs out, B on the same phone sees none of A's cart, address, phone or orders, online or offline", async ({
  page,
  context,
  baseURL,
}) => {
  const product = await stockedProduct(baseURL!, 5);
  const aToken = await apiToken(baseURL!, DEMO.customer);
  const aProfile = await call<{ name: string; phone: string; addresses: Array<{ address: string }> }>(
    baseURL!,
    aToken,
    'GET',
    'users/profile',
  );
  const aOrders = await call<OrderDto[]>(baseURL!, aToken, 'GET', 'Orders/my');
  expect(aOrders.length).toBeGreaterThan(0);
  const street = `${run} Shared Phone Street`;
  const bName = `Shared Phone B ${run}`;
  const bPhone = await registerCustomerApi(baseURL!, bName);

  // A shops: cart, a new shipping address with A's phone, the review page, My Orders.
  await signIn(page, DEMO.customer);
  await serviceWorkerReady(page);
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByRole('button', { name: 'Use a new address' }).click();
  await page.getByRole('textbox', { name: 'Address' }).fill(street);
  await page.getByRole('textbox', { name: 'City' }).fill('Chennai');
  await page.getByRole('textbox', { name: 'Pincode' }).fill('600020');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(aProfile.phone);
  // the area list loads beside the form: open the dropdown again until its options are there
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Area' }).click();
    await page.getByRole('option', { name: AREA, exact: true }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByTestId('shipping-address')).toContainText(street);
  await page.goto('/my-orders');
  await expect(page.getByTestId('order-card')).toHaveCount(aOrders.length);
  const aSession = await sessionUser(page);
  const traces = [aProfile.name, aProfile.phone, street, ...aProfile.addresses.map((a) => a.address), aSession!.token, aSession!._id];
  // (the device does hold A's data before the logout)
  const before = await siteStorageDump(page);
  for (const t of [aProfile.name, aProfile.phone, street]) expect(before).toContain(t);

  await logoutFromMenu(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expectNoTraces(await siteStorageDump(page), traces, 'the device after the logout');

  // B signs in on the same browser.
  await signIn(page, bPhone);
  await expect(page.getByRole('link', { name: 'Cart, 0 items', exact: true })).toBeVisible();
  const pages: Array<[string, (p: Page) => Promise<void>]> = [
    ['/cart', (p) => expect(p.getByText('Your cart is empty.')).toBeVisible()],
    [
      '/shipping',
      async (p) => {
        await expect(p.getByRole('textbox', { name: 'Address' })).toHaveValue('1 New Street'); // B's own saved address
        await expect(p.getByRole('textbox', { name: 'Phone Number' })).not.toHaveValue(aProfile.phone);
      },
    ],
    // no shipping address: the review page sends B to /shipping
    ['/placeorder', (p) => expect(p).toHaveURL(/\/shipping$/)],
    [
      '/my-orders',
      async (p) => {
        await expect(p.getByRole('heading', { name: 'My Orders' })).toBeVisible();
        await expect(p.getByText(/^(No orders found|Failed to load orders)\.$/)).toBeVisible();
        await expect(p.getByTestId('order-card')).toHaveCount(0);
      },
    ],
  ];
  const aOrderRefs = aOrders.map((o) => `Order ${orderRef(o)}`);
  for (const offline of [false, true]) {
    await context.setOffline(offline);
    for (const [path, check] of pages) {
      await page.goto(path);
      await check(page);
      await savedDataDrawn(page);
      const text = await page.locator('body').innerText();
      expectNoTraces(text, [...traces, ...aOrderRefs], `${path}${offline ? ' offline' : ''}`);
      // B is the one signed in (on a phone the header's account menu carries the name in its accessible name)
      await expect(page.getByTestId('user-menu')).toHaveAccessibleName(new RegExp(bName));
    }
  }
  expectNoTraces(await siteStorageDump(page), traces, 'the device with B signed in');
  await context.setOffline(false);
});

test('logout with an unsent change warns with the count; another user never sees or sends it; its owner does', async ({
  page,
  context,
  baseURL,
}) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const onePiece = [{ productId: (await stockedProduct(baseURL!, 5))._id, quantity: 1 }];
  const lane = `E2E Shared Lane ${run}`;
  const status = async (id: string) => (await getOrder(baseURL!, vendor, id)).status;
  const markDeliveredOffline = async (n: number) => {
    await page.goto(`/orders-by-area/${encodeURIComponent(AREA)}`);
    const card = page.getByTestId('area-order').filter({ hasText: `${lane} ${n}` });
    await expect(card).toHaveCount(1);
    await serviceWorkerReady(page);
    await context.setOffline(true);
    await card.getByRole('link', { name: 'View Details' }).click();
    // the order page, not the area list (whose cards have Mark Delivered too) while the page loads
    await expect(page.getByTestId('delivery-status')).toHaveText('Not Delivered');
    await page.getByRole('button', { name: 'Mark Delivered' }).click();
    await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
  };
  const { _id: first } = await deliverySale(baseURL!, vendor, onePiece, { address: `${lane} 1`, area: AREA });
  await countOutboxReplays(context);

  await signIn(page, DEMO.delivery);
  const delivery = (await sessionUser(page))!;
  await markDeliveredOffline(1);

  // Logout warns, names the count; Wait and send offline says it cannot; Cancel keeps the session.
  await logoutFromMenu(page);
  const dialog = page.getByRole('dialog', { name: 'Changes not sent yet' });
  await expect(dialog).toContainText('1 change is not sent yet. If you log out now, it stays on this device until you sign in again');
  await dialog.getByRole('button', { name: 'Wait and send' }).click();
  await expect(dialog.getByTestId('logout-still-unsent')).toContainText('Still not sent: 1 change');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // Log out anyway: the item stays on the device, for this user only; the token goes.
  await logoutFromMenu(page);
  await dialog.getByRole('button', { name: 'Log out anyway' }).click();
  await expect(page).toHaveURL(/\/$/);
  const kept = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const r = indexedDB.open('namma-kadai-offline');
      r.onsuccess = () => resolve(r.result);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result as T[]);
      });
    return { outbox: await all<{ userId: string; status: string }>('outbox'), auth: await all<{ userId: string }>('auth') };
  });
  expect(kept.outbox).toMatchObject([{ userId: delivery._id, status: 'pending' }]);
  expect(kept.auth).toEqual([]);

  // Online again, another user signs in: it is neither shown nor sent.
  await context.setOffline(false);
  await signIn(page, DEMO.vendor2);
  await page.goto('/PendingOrders');
  await expect(page.getByRole('heading', { name: 'Pending Orders' })).toBeVisible();
  // the replay this page starts with has had its chance to send it
  await expect.poll(() => outboxReplays(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('sync-indicator')).toHaveCount(0);
  expect(await status(first)).toBe('Pending');
  // nothing of theirs waits: no dialog
  await logoutFromMenu(page);
  await expect(page).toHaveURL(/\/$/);
  expect(await status(first)).toBe('Pending');

  // Its owner signs in again: it is sent.
  await signIn(page, DEMO.delivery);
  await waitFor(
    () => status(first),
    (s) => s === 'Delivered',
    30_000,
    'the kept change to reach the server',
  );

  // Wait and send: logout happens once the change is on the server.
  const { _id: second } = await deliverySale(baseURL!, vendor, onePiece, { address: `${lane} 2`, area: AREA });
  await markDeliveredOffline(2);
  await logoutFromMenu(page);
  await expect(dialog).toContainText('1 change is not sent yet.');
  await dialog.getByRole('button', { name: 'Wait and send' }).click();
  await expect(dialog.getByTestId('logout-still-unsent')).toBeVisible();
  await context.setOffline(false);
  // (the online event may send it first; either way the logout waits for it)
  await dialog
    .getByRole('button', { name: 'Try again' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  expect(await status(second)).toBe('Delivered');
});
