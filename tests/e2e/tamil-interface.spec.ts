import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { MSG } from '../../core/messages';
import { MSG_TA } from '../../core/messages-ta';
import { DEMO, freshPhone, readSmsCode, registerCustomerApi, serviceWorkerReady, signInTamil } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * The Tamil interface: with a ta-IN browser (nothing chosen on the device yet) the screens show Tamil and
 * no English interface text. The English texts looked for are every value of the English catalogues
 * (src/locales/en) and the product's messages (core/messages.ts), plus common English UI words. Data is
 * exempt: the brand, and every string the API answered (product, category, shop, user names, addresses).
 */

const LOCALES = path.resolve('src/locales');
type Texts = Record<string, string>;

async function catalogues(lang: 'en' | 'ta'): Promise<Record<string, Texts>> {
  const out: Record<string, Texts> = {};
  for (const file of fs.readdirSync(path.join(LOCALES, lang)).filter((f) => f.endsWith('.ts'))) {
    out[file.replace(/\.ts$/, '')] = ((await import(path.join(LOCALES, lang, file))) as { default: Texts }).default;
  }
  return out;
}

const stringsOf = (o: object) => Object.values(o).filter((v): v is string => typeof v === 'string');
/** Everyday English interface words that must not be left on a Tamil screen. */
const ENGLISH_WORDS = ['Sign In', 'Password', 'Phone', 'Cart', 'Order', 'Total', 'Price', 'Delete', 'Save', 'Search', 'Name', 'Address'];
const BRAND = 'Namma Kadai';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Phrase {
  text: string;
  re: RegExp;
}

/** The English phrases to look for: each catalogue value cut at its {placeholders}, in pieces with a word of 2+ letters. */
async function englishPhrases(): Promise<Phrase[]> {
  const [en, ta] = await Promise.all([catalogues('en'), catalogues('ta')]);
  // Latin words a Tamil text itself uses (codes and names: SMS, OTP, GSTIN, UPI, JPG...) are not English left over;
  // the switch's "View in English" is the name of the other language, on purpose
  const tamilTexts = [...Object.values(ta).flatMap(stringsOf), ...stringsOf(MSG_TA)].filter((s) => s !== 'View in English');
  allowed = new Set(tamilTexts.flatMap((s) => s.match(/[A-Za-z]{2,}/g) ?? []));
  const sources: string[] = [...ENGLISH_WORDS, ...stringsOf(MSG)];
  for (const [ns, texts] of Object.entries(en)) {
    for (const [key, value] of Object.entries(texts)) if (ta[ns]?.[key] !== value) sources.push(value);
  }
  const phrases = new Map<string, Phrase>();
  for (const source of sources) {
    for (const piece of source.split(/\{\w+\}/)) {
      const text = piece.trim();
      const words = text.match(/[A-Za-z]{2,}/g);
      if (!words || words.every((w) => allowed.has(w)) || phrases.has(text)) continue;
      phrases.set(text, { text, re: new RegExp(`(?<![A-Za-z])${escape(text)}(?![A-Za-z])`) });
    }
  }
  return [...phrases.values()];
}

/** Answers of the API still being read by collectData: a check waits for them (a screen may show one already). */
const reading = new Set<Promise<void>>();

/** Every string the API answered in this context: data, exempt from the check. */
function collectData(context: BrowserContext, uiTexts: Set<string>): Set<string> {
  const data = new Set<string>([BRAND]);
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.trim().length >= 2 && !uiTexts.has(v)) data.add(v.trim());
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  context.on('response', (res) => {
    if (!res.url().includes('/api/') || !(res.headers()['content-type'] ?? '').includes('json')) return;
    const read = res
      .json()
      .then(walk, () => {
        /* no body (a redirect, a 204) */
      })
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  return data;
}

/** The screen's text as a user meets it: what is shown, and labels, placeholders and titles of its controls. */
async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[placeholder], [aria-label], [title]')]
      // not the switch (it names the other language on purpose) nor what is hidden from everyone (measuring copies)
      .filter((e) => !e.closest('[data-testid="language-switch"], [aria-hidden="true"]'))
      .flatMap((e) => ['placeholder', 'aria-label', 'title'].map((a) => e.getAttribute(a) ?? ''));
    return [document.body.innerText, ...attrs].join('\n');
  });
}

let phrases: Phrase[];
/** Latin words Tamil texts use themselves (SMS, OTP, GSTIN, UPI...). */
let allowed: Set<string>;
let uiTexts: Set<string>;

test.beforeAll(async () => {
  phrases = await englishPhrases();
  const en = await catalogues('en');
  uiTexts = new Set([...Object.values(en).flatMap(stringsOf), ...stringsOf(MSG)]);
});

/** Asserts the screen shows Tamil and none of the English phrases once the data is taken out. */
async function expectTamilOnly(page: Page, data: Set<string>, screen: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  const text = await screenText(page);
  // every answer the screen can show has been seen by now; its strings are known as data once read
  await Promise.all(reading);
  expect(text, `${screen} shows Tamil`).toMatch(/[\u0B80-\u0BFF]{3,}/);
  expect(englishLeft(text, data), `${screen}: English interface texts left`).toEqual([]);
}

/** The English phrases in a screen's text once the data is taken out. */
function englishLeft(screen: string, data: Set<string>): string[] {
  let text = screen;
  // whole words only: a short data string must not cut an English word in two
  for (const d of [...data].sort((a, b) => b.length - a.length))
    text = text.replace(new RegExp(`(?<![A-Za-z])${escape(d)}(?![A-Za-z])`, 'g'), ' ');
  // any other run of two or more English words (a library's own label, a text typed inline)
  const runs = (text.match(/[A-Za-z]{2,}(?:[ ,'-]+[A-Za-z]{2,})+/g) ?? []).filter(
    (r) => !r.match(/[A-Za-z]{2,}/g)!.every((w) => allowed.has(w)),
  );
  return [...phrases.filter((p) => p.re.test(text)).map((p) => p.text), ...runs];
}

test.describe('with a Tamil browser', () => {
  test.use({ locale: 'ta-IN' });

  test("sign-in, registration and a customer's screens show Tamil and no English interface text", async ({ page, context }) => {
    const data = collectData(context, uiTexts);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'உள்நுழை' })).toBeVisible();
    await expectTamilOnly(page, data, 'sign-in');

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'புதிய கணக்கு தொடங்கு' })).toBeVisible();
    await expectTamilOnly(page, data, 'register');
    // a rule checked on the device speaks Tamil too, beside its field
    await page.getByRole('button', { name: 'பதிவு செய்' }).click();
    await expect(page.getByLabel(/^பெயர்/)).toHaveAccessibleDescription(MSG_TA.fillRequired);
    await expectTamilOnly(page, data, 'register errors');

    await page.goto('/forgot-password');
    await expectTamilOnly(page, data, 'forgot password');
    await page.goto('/reset-password');
    await expectTamilOnly(page, data, 'reset password');

    await signInTamil(page, DEMO.customer);
    await expectTamilOnly(page, data, 'Home');

    await page.goto('/product-search?keyword=rice');
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('button', { name: 'கூடையில் சேர்', exact: true })).toBeVisible();
    await expectTamilOnly(page, data, 'product page');
    await page.getByRole('button', { name: 'கூடையில் சேர்', exact: true }).click();

    await page.goto('/cart');
    await expect(page.getByTestId('cart-item').first()).toBeVisible();
    await expectTamilOnly(page, data, 'cart');

    await page.goto('/user-categories');
    await expectTamilOnly(page, data, 'categories');

    await page.goto('/my-orders');
    await expectTamilOnly(page, data, 'my orders');

    await page.goto('/profile');
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await expectTamilOnly(page, data, 'profile');

    await page.goto('/update-profile');
    await expect(page.getByRole('heading', { name: 'சுயவிவரத்தைப் புதுப்பி' })).toBeVisible();
    await expectTamilOnly(page, data, 'update profile');
  });

  test('a sign-in that cannot reach the server says so in Tamil', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'உள்நுழை' })).toBeVisible();
    // the app as a returning visitor has it: its chunks kept by the service worker (a busy machine may still be
    // fetching one after a quiet half second, which then fails offline)
    await serviceWorkerReady(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.getByLabel(/^தொலைபேசி எண்/).fill(DEMO.customer);
    await page.getByLabel('கடவுச்சொல்', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'உள்நுழை', exact: true }).click();
    await expect(page.getByText('இணைப்பு இல்லை. இணையத்தைச் சரிபார்த்து மீண்டும் முயலவும்.')).toBeVisible();
    await expect(page.getByText('FETCH_ERROR')).toHaveCount(0);
    await context.setOffline(false);
  });

  test('registering in Tamil: the code step speaks Tamil and the account keeps the language', async ({ page, context }) => {
    const data = collectData(context, uiTexts);
    const phone = freshPhone();
    await page.goto('/register');
    await page.getByLabel(/^பெயர்/).fill('Tamil Registration');
    await page.getByLabel(/^தொலைபேசி எண்/).fill(phone);
    await page.getByLabel(/^கடவுச்சொல்( \*)?$/).fill(DEMO.password);
    await page.getByLabel(/^மீண்டும் கடவுச்சொல்/).fill(DEMO.password);
    await page.getByLabel(/^முகவரி/).fill('7 Pillaiyar Koil Street');
    await page.getByLabel(/^நகரம்/).fill('Chennai');
    await page.getByLabel(/^பின்கோடு/).fill('600020');
    await page.getByRole('combobox', { name: /^பகுதி/ }).click();
    await page.getByRole('option', { name: 'Adyar', exact: true }).click();
    await page.getByRole('button', { name: 'பதிவு செய்' }).click();
    await expect(page.getByRole('heading', { name: 'தொலைபேசி எண்ணை உறுதிசெய்யுங்கள்' })).toBeVisible();
    // the server's answer comes in Tamil too (Accept-Language)
    await expect(page.getByTestId('register-code-sent')).toHaveText(/[\u0B80-\u0BFF]{3,}/);
    await expectTamilOnly(page, data, 'registration code');

    const boxes = page.getByLabel('பதிவுக் குறியீடு');
    await expect(boxes).toHaveCount(6);
    await page.getByRole('button', { name: 'சரிபார்' }).click();
    await expect(page.getByTestId('register-error')).toHaveText('6 இலக்கக் குறியீட்டை உள்ளிடவும்');
    await boxes.first().click();
    await page.keyboard.type(await readSmsCode(phone));
    const session = page.waitForResponse((r) => r.url().endsWith('/api/users/verify-registration'));
    await page.getByRole('button', { name: 'சரிபார்' }).click();
    await expect(page).toHaveURL(/\/Home$/);
    await expect(page.getByRole('heading', { name: /^வணக்கம், / })).toBeVisible();
    // the account was made in Tamil
    expect(((await (await session).json()) as { language: string }).language).toBe('ta');
  });

  test("a vendor's pending orders, an order and the product list, and a rider's order bill show Tamil and no English interface text", async ({
    page,
    context,
    browser,
  }) => {
    const data = collectData(context, uiTexts);
    await signInTamil(page, DEMO.vendor);
    await page.goto('/PendingOrders');
    await expect(page.getByRole('heading', { name: 'நிலுவையில் உள்ள ஆர்டர்கள்' })).toBeVisible();
    const first = page.getByTestId('pending-order').first();
    await expect(first).toBeVisible();
    await expectTamilOnly(page, data, 'pending orders');

    await first.getByRole('link', { name: 'விவரங்கள்' }).click();
    await expect(page.getByTestId('delivery-status')).toHaveText('டெலிவரி ஆகவில்லை');
    await expectTamilOnly(page, data, 'order detail');
    const orderUrl = page.url();

    await page.goto('/productList');
    await expect(page.getByRole('heading', { name: 'உங்கள் பொருட்கள்' })).toBeVisible();
    await expectTamilOnly(page, data, 'your products');

    // the delivery rider's view of the same order, with its printable bill
    const rider = await browser.newContext({ locale: 'ta-IN' });
    const riderData = collectData(rider, uiTexts);
    const riderPage = await rider.newPage();
    await signInTamil(riderPage, DEMO.delivery);
    await riderPage.goto(orderUrl);
    await expectTamilOnly(riderPage, riderData, 'order detail');
    await riderPage.getByRole('link', { name: 'பில்', exact: true }).click();
    await expect(riderPage.getByTestId('counter-bill')).toBeVisible();
    await expect(riderPage.getByRole('button', { name: 'அச்சிடு' })).toBeVisible();
    await expectTamilOnly(riderPage, riderData, 'the bill');
    await rider.close();
  });
});

test.describe('with an English browser', () => {
  test.use({ locale: 'en-IN' });

  test("the spec's English texts are exact", async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByLabel(/^Phone/)).toHaveAttribute('placeholder', '10-digit mobile number');
    await expect(page.getByLabel(/^Password/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await page.getByLabel(/^Phone/).fill('12345');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // the spec's toast (the same words are beside the field)
    await expect(page.getByRole('alert').getByText(MSG.invalidPhone, { exact: true })).toBeVisible();
    // the check the Tamil screens pass finds these English texts here
    expect(englishLeft(await screenText(page), new Set([BRAND]))).toEqual(
      expect.arrayContaining(['Sign In', 'Phone', 'Password', 'Forgot password?', 'New here?', 'Create an account', MSG.invalidPhone]),
    );
  });

  test('the header switch changes the language at once, without a reload, and keeps it after one', async ({ page, baseURL, browser }) => {
    // an account of its own: the choice is saved in its profile
    const phone = await registerCustomerApi(baseURL!, 'Language Switch');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
    // the prerendered header's switch works once the app has started (it starts after the first paint)
    await page.waitForFunction(() => (window as unknown as { __nkAppStarted?: boolean }).__nkAppStarted === true);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByTestId('language-switch').click();
    await expect(page.getByRole('heading', { name: 'உள்நுழை' })).toBeVisible();
    await expect(page.getByLabel(/^தொலைபேசி எண்/)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'உள்நுழை' })).toBeVisible();
    // an English browser, a Tamil choice on the device: signing in keeps it (the account says 'en', the default)
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/profile') && r.request().method() === 'PUT');
    await signInTamil(page, phone);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    // the choice made on this device goes to the profile
    expect(((await (await saved).json()) as { language: string }).language).toBe('ta');
    // and follows the account to another device, even one with an English browser
    const other = await browser.newContext({ locale: 'en-IN' });
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    await otherPage.getByLabel(/^Phone/).fill(phone);
    await otherPage.getByLabel(/^Password/).fill(DEMO.password);
    await otherPage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(otherPage).toHaveURL(/\/Home$/);
    await expect(otherPage.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(otherPage.getByRole('heading', { name: /^வணக்கம், / })).toBeVisible();
    await other.close();

    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  });
});
