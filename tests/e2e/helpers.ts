import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { e2eServer } from './fixtures';

export { DEMO } from '../support/demo-accounts';
import { DEMO } from '../support/demo-accounts';

/** Signs in through the real sign-in screen and waits for /Home. */
export async function signIn(page: Page, phone: string, password: string = DEMO.password) {
  await page.goto('/');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/Home$/);
}

/** Signs in through the Tamil sign-in screen (a ta-IN browser). */
export async function signInTamil(page: Page, phone: string) {
  await page.goto('/');
  await page.getByLabel(/^தொலைபேசி எண்/).fill(phone);
  await page.getByRole('textbox', { name: 'கடவுச்சொல்', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'உள்நுழை', exact: true }).click();
  await expect(page).toHaveURL(/\/Home$/);
}

/**
 * The newest code the log SMS sender wrote for a phone (its outbox file, DATA_DIR/sms-outbox.log of this
 * worker's server; never the server log).
 */
export async function readSmsCode(phone: string): Promise<string> {
  const { dataDir } = e2eServer();
  const outbox = path.join(dataDir, 'sms-outbox.log');
  for (let i = 0; i < 50; i++) {
    const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').split('\n').filter(Boolean) : [];
    for (const line of lines.reverse()) {
      const entry = JSON.parse(line) as { to: string; message: string };
      if (entry.to === phone) {
        const m = /\b(\d{6})\b/.exec(entry.message);
        if (m) return m[1];
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS for ${phone} in the SMS outbox`);
}

/** Calls the API directly (for arranging data), with a token from a sign-in. */
export async function apiToken(baseURL: string, phone: string, password: string = DEMO.password): Promise<string> {
  const res = await fetch(`${baseURL}/api/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  if (!res.ok) throw new Error(`login failed ${res.status}`);
  return (await res.json()).token;
}

/** A fresh phone number no demo account uses. */
export const freshPhone = () => `7${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** Registers a customer through the API (the code comes from the SMS outbox); answers the new account's phone. */
export async function registerCustomerApi(
  baseURL: string,
  name: string,
  password: string = DEMO.password,
  area = 'Adyar',
): Promise<string> {
  const phone = freshPhone();
  const post = (url: string, body: unknown) =>
    fetch(`${baseURL}/api/${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const submitted = await post('users', {
    name,
    phone,
    password,
    address: { address: '1 New Street', city: 'Madurai', pincode: '625001', phoneNumber: '', area },
  });
  if (submitted.status !== 202) throw new Error(`registration failed ${submitted.status}`);
  const verified = await post('users/verify-registration', { phone, code: await readSmsCode(phone) });
  if (verified.status !== 201) throw new Error(`verification failed ${verified.status}`);
  return phone;
}

/** An API call as a signed-in user (JSON in and out, an empty answer as undefined); a refusal throws with its status and body. */
export async function call<T>(baseURL: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Logs out through the header's account menu. */
export async function logoutFromMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/**
 * Everything the browser keeps for the site, as text: localStorage, sessionStorage, every IndexedDB
 * database and store, and every Cache Storage entry (text bodies included) - to search for a user's traces.
 */
export async function siteStorageDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const [label, s] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let i = 0; i < s.length; i++) out.push(`${label} ${s.key(i)}=${s.getItem(s.key(i)!)}`);
    }
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      for (const store of Array.from(db.objectStoreNames)) {
        out.push(`idb ${name}/${store}=${JSON.stringify(await request(db.transaction(store).objectStore(store).getAll()))}`);
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        out.push(`cache ${name} ${req.url}`);
        if (res && /json|text|javascript|html/.test(res.headers.get('content-type') ?? '')) out.push(await res.text());
      }
    }
    return out.join('\n');
  });
}

export interface MadeProduct {
  _id: string;
  name: string;
  Tamil: string;
  category: string;
  subcategory: string;
}

/** A product of the given vendor, in the first category/subcategory of the catalogue. */
export async function makeProduct(
  baseURL: string,
  vendorPhone: string,
  p: { name: string; Tamil: string; price: number; shopPrice: number; discount: number },
): Promise<MadeProduct> {
  const token = await apiToken(baseURL, vendorPhone);
  const categories = await call<Array<{ name: string; subcategories: string[] }>>(baseURL, token, 'GET', 'categories');
  const category = categories.find((c) => c.subcategories.length > 0)!;
  const gsts = await call<Array<{ _id: string; isActive: boolean }>>(baseURL, token, 'GET', 'gsts');
  const gst = gsts.find((g) => g.isActive) ?? gsts[0];
  const created = await call<{ _id: string; vendorId: string }>(baseURL, token, 'POST', 'products', {
    ...p,
    description: 'Made by a browser test.',
    countInStock: 40,
    reOrderLevel: 2,
    category: category.name,
    subcategory: category.subcategories[0],
    gst: gst._id,
    images: ['/icons/icon-192.png'],
    isActive: true,
  });
  return { _id: created._id, name: p.name, Tamil: p.Tamil, category: category.name, subcategory: category.subcategories[0] };
}

/**
 * From now on, counts in each page of the context the outbox replays of the page that ran to their end (the app
 * runs each under the Web Lock "namma-kadai-outbox"): what such a replay did not send, it was not going to send.
 * A page's replay skipped because the service worker (or another tab) held the lock counts when that one ends.
 */
export async function countOutboxReplays(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { outboxReplays: number };
    w.outboxReplays = 0;
    const locks = navigator.locks;
    if (!locks) return;
    const request = locks.request.bind(locks) as (...args: unknown[]) => Promise<unknown>;
    locks.request = ((name: string, ...rest: unknown[]) => {
      const callback = rest.pop() as (lock: Lock | null) => unknown;
      return request(name, ...rest, async (lock: Lock | null) => {
        try {
          return await callback(lock);
        } finally {
          if (name === 'namma-kadai-outbox') {
            if (lock) w.outboxReplays++;
            // skipped because another tab or the service worker was replaying: counted once that replay has ended
            else void request(name, async () => void w.outboxReplays++);
          }
        }
      });
    }) as LockManager['request'];
  });
}

/** The outbox replays counted in the page's current document (countOutboxReplays). */
export const outboxReplays = (page: Page) => page.evaluate(() => (window as unknown as { outboxReplays: number }).outboxReplays);

/**
 * A USB scanner: the code's keys and Enter arrive in one burst, a few ms apart. The key events go to
 * Chromium all at once (not one round trip per key as keyboard.type does, which a busy machine spreads
 * over 100 ms and more); they are real key presses, so a focused field takes their text. The page's clock
 * (the test installs it: page.clock.install()) stands still meanwhile: a busy machine can hold the page back between two keys
 * for longer than a scanner ever takes, and the app tells a scan from typing by the time between keys.
 */
export async function scan(page: Page, code: string) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const cdp = await page.context().newCDPSession(page);
  const key = (type: 'keyDown' | 'keyUp', ch: string) =>
    ch === '\r'
      ? cdp.send('Input.dispatchKeyEvent', {
          type,
          key: 'Enter',
          code: 'Enter',
          windowsVirtualKeyCode: 13,
          ...(type === 'keyDown' ? { text: '\r' } : {}),
        })
      : cdp.send('Input.dispatchKeyEvent', {
          type,
          key: ch,
          code: `Digit${ch}`,
          windowsVirtualKeyCode: ch.charCodeAt(0),
          ...(type === 'keyDown' ? { text: ch } : {}),
        });
  await Promise.all([...`${code}\r`].flatMap((ch) => [key('keyDown', ch), key('keyUp', ch)]));
  await cdp.detach();
  await page.clock.resume();
}

/** Opens one of Your Products' stock tools (Count stock, Reorder list, Shelf labels, Import / export, Purchases). */
export async function openStockTool(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Stock tools' }).click();
  await page.getByRole('menuitem', { name }).click();
}

/**
 * Rings up one unit of the product `name` on the open sale screen, found through the finder, with
 * the counter's address (`street`, Chennai 600017, `phone`), and presses Create Order.
 */
export async function counterSale(page: Page, name: string, street: string, phone: string) {
  const finder = page.getByTestId('product-finder');
  await finder.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Product 1', exact: true })).toHaveValue(new RegExp(`^${name}`));
  await page.getByLabel(/^Address/).fill(street);
  await page.getByLabel(/^City/).fill('Chennai');
  await page.getByLabel(/^Pincode/).fill('600017');
  await page.getByLabel(/^Phone number/).fill(phone);
  await page.getByRole('button', { name: 'Create Order' }).click();
}
