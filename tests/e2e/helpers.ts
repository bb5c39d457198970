import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { e2eServer } from './fixtures';
import { pollUntil } from '../support/poll';

export { DEMO } from '../support/demo-accounts';
import { DEMO } from '../support/demo-accounts';
export { apiToken, call, makeProduct, type MadeProduct } from '../support/http-builders';

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

/** Polls `fn` every half second until `ok` holds for its answer (a condition on the server, outside an `expect`). */
export const waitFor = <T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number, what: string) =>
  pollUntil(fn, ok, { timeoutMs, intervalMs: 500, what });

/** Signs out whoever is signed in (the session lives in local storage) and signs in as `phone`. */
export async function switchTo(page: Page, phone: string) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, phone);
}

/** Waits until the service worker is active: it has precached the app and serves it offline. */
export async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
}

/** Opens a Mantine Select by its label and picks the (first) option of that text. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
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
 * Takes the context offline and back, which starts another outbox replay, and waits for it to end (countOutboxReplays):
 * whatever the outbox still held has then been sent, so a test can check nothing was sent twice.
 */
export async function replayOutboxAgain(page: Page, context: BrowserContext) {
  const replays = await outboxReplays(page);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => outboxReplays(page), { timeout: 30_000 }).toBeGreaterThan(replays);
}

/**
 * Signs the demo vendor in and opens, online, the screens a sale goes through offline (Pending Orders and the
 * sale screen), then waits for the service worker, which keeps them.
 */
export async function openCounterOnline(page: Page) {
  await signIn(page, DEMO.vendor);
  await page.goto('/PendingOrders');
  await expect(page.getByRole('heading', { name: 'Pending Orders' })).toBeVisible();
  await page.goto('/order');
  await expect(page.getByRole('combobox', { name: 'Category 1', exact: true })).toBeEnabled();
  await serviceWorkerReady(page);
}

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
  // a phone folds the shop's address of a sale handed over: opened to change it
  const change = page.getByRole('button', { name: 'Change shipping address' });
  if (await change.isVisible()) await change.click();
  await page.getByLabel(/^Address/).fill(street);
  await page.getByLabel(/^City/).fill('Chennai');
  await page.getByLabel(/^Pincode/).fill('600017');
  await page.getByLabel(/^Phone number/).fill(phone);
  await page.getByRole('button', { name: 'Create Order' }).click();
}

/** Adds one unit of the product `name` to the sale on the open sale screen, through the finder, in either language. */
export async function addToSale(page: Page, name: string) {
  const finder = page.getByTestId('product-finder');
  await finder.fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
  await finder.press('Enter');
}

/**
 * At a till with no open shift the counter asks for one in place of the sale: types the float (rupees) into the
 * prompt and presses Open shift, in either language, online or offline; the sale screen follows.
 */
export async function openShiftAtCounter(page: Page, float: number) {
  const prompt = page.getByTestId('open-shift');
  await expect(prompt).toBeVisible();
  await prompt.getByTestId('shift-float').fill(String(float));
  await prompt.getByTestId('open-shift-submit').click();
  await expect(prompt).toBeHidden();
  await expect(page.getByTestId('product-finder')).toBeVisible();
}

/** A control smaller than a thumb, as expectThumbSized lists it. */
interface SmallControl {
  control: string;
  width: number;
  height: number;
}

/**
 * Fails listing every visible control in the page (or in `scope`) smaller than 44 x 44 px, the size a
 * thumb hits without aiming: links, buttons, checkboxes and radios, selects, summaries and elements
 * with a control's role. A control's size is its bounding box; a checkbox or radio counts by the
 * larger of its own box and the label that ticks it (a label wrapping it or pointing at it with
 * `for`): tapping the label is tapping the box, so a 20 px box on a 44 px high row is thumb-sized.
 * Links inside a sentence (an inline link whose block has other text) are exempt, as WCAG 2.5.8 exempts
 * them: their size is the text's, and making them taller would break the line.
 */
export async function expectThumbSized(page: Page, scope?: Locator, minimum = 44) {
  const root = scope ?? page.locator('body');
  const small = await root.evaluate((rootEl, min): SmallControl[] => {
    const CONTROLS = [
      'a[href]',
      'button',
      'input[type=checkbox]',
      'input[type=radio]',
      'select',
      'summary',
      '[role=button]',
      '[role=link]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=tab]',
      '[role=menuitem]',
    ].join(',');
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true }) && !el.closest('[aria-hidden="true"], [inert]') && el.getClientRects().length > 0;
    const boxOf = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { width: r.width, height: r.height };
    };
    /** The biggest box among the element and, for a checkbox or radio, the labels that tick it. */
    const targetOf = (el: Element) => {
      const boxes = [boxOf(el)];
      if (el instanceof HTMLInputElement) {
        for (const label of Array.from(el.labels ?? [])) if (shown(label)) boxes.push(boxOf(label));
      }
      return boxes.reduce((a, b) => (Math.min(b.width, b.height) > Math.min(a.width, a.height) ? b : a));
    };
    /** A link in a run of text: shown inline, and its block holds text besides its own. */
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      const own = (el.textContent ?? '').trim().length;
      return !!block && (block.textContent ?? '').trim().length > own;
    };
    const nameOf = (el: Element) => {
      const labels = el instanceof HTMLInputElement ? Array.from(el.labels ?? [], (l) => l.textContent).join(' ') : '';
      const text = (el.getAttribute('aria-label') || el.textContent || labels || el.getAttribute('title') || '')
        .replace(/\s+/g, ' ')
        .trim();
      const tag = el.tagName.toLowerCase() + (el.getAttribute('type') ? `[${el.getAttribute('type')}]` : '');
      return `${tag} "${text.slice(0, 60)}"`;
    };
    const found = [rootEl, ...Array.from(rootEl.querySelectorAll(CONTROLS))].filter((el) => el.matches(CONTROLS));
    const isBox = (el: Element) => el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
    // a checkbox or radio drawn as its label alone (a segmented control's) counts by that label
    const labelShown = (el: Element) => Array.from((el as HTMLInputElement).labels ?? []).some(shown);
    return found
      .filter((el) => shown(el) || (isBox(el) && labelShown(el)))
      .filter((el) => !inSentence(el))
      .map((el) => ({ control: nameOf(el), ...targetOf(el) }))
      .filter((c) => c.width < min - 0.5 || c.height < min - 0.5)
      .map((c) => ({ control: c.control, width: Math.round(c.width), height: Math.round(c.height) }));
  }, minimum);
  expect(small, `controls smaller than ${minimum}x${minimum} px on ${new URL(page.url()).pathname}`).toEqual([]);
}
