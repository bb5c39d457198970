import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, signIn } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/** Console errors and page errors of a page (hydration mismatches are logged as errors). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Opens / with the app's entry script held back, and types the demo customer's phone and password into the
 * prerendered form before it runs; answers the function that lets the script load.
 */
async function typeBeforeTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Phone').fill(DEMO.customer);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  return release;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-in form is in the HTML of /', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel('Phone')).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the form paints styled from the HTML alone: the full stylesheet and the app load after it', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // nothing in the head holds the first paint: no stylesheet, no script but the deferred early-submit one
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(head).not.toMatch(/rel="modulepreload"|type="module"/);
    expect(head).toMatch(/<script defer src="\/early-submit\.js" data-entry="\/assets\/index-[\w-]+\.js"/);
    // Mantine's whole stylesheet never arrives: the inlined rules alone draw the button and the fields
    await page.route(/\/assets\/styles-[\w-]+\.css/, (r) => r.abort());
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Sign In', exact: true }).last();
    await expect(button).toHaveCSS('background-color', 'rgb(13, 128, 93)');
    await expect(button).toHaveCSS('height', '42px');
    await expect(page.getByLabel('Phone')).toHaveCSS('border-top-width', '1px');
  });

  test('other routes keep the plain shell', async ({ page }) => {
    await page.goto('/Home');
    await expect(page.getByLabel('Phone')).toHaveCount(0);
  });
});

test('the prerendered form hydrates without errors and signs in', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO.customer);
  expect(errors.filter((e) => /hydrat|did not match|server rendered|#418|#423|#425/i.test(e))).toEqual([]);
});

test('what is typed before the JavaScript runs is kept and submits', async ({ page }) => {
  const errors = collectErrors(page);
  // the entry script held until the visitor has typed into the prerendered form
  const release = await typeBeforeTheApp(page);
  release();
  // hydrated: the page's own handlers answer the submit
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'sign-in');
  await page.waitForFunction(() => {
    const input = document.querySelector('input[type="password"]');
    return !!input && Object.keys(input).some((k) => k.startsWith('__reactFiber'));
  });
  await expect(page.getByLabel('Phone')).toHaveValue(DEMO.customer);
  await expect(page.getByLabel(/^Password/)).toHaveValue(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/Home$/);
  expect(errors.filter((e) => /hydrat|did not match|server rendered|#418|#423|#425/i.test(e))).toEqual([]);
});

test('a signed-in user opening /Home never sees the sign-in form', async ({ page }) => {
  await signIn(page, DEMO.customer);
  let sawForm = false;
  await page.exposeFunction('sawSignInForm', () => (sawForm = true));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('input[autocomplete="current-password"]'))
        (window as unknown as { sawSignInForm: () => void }).sawSignInForm();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/Home');
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByRole('main')).toBeVisible();
  expect(sawForm).toBe(false);
});

test.describe('in Tamil', () => {
  test.use({ locale: 'ta-IN' });

  test('a Tamil visitor gets the Tamil form', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('button', { name: 'உள்நுழை' })).toBeVisible();
  });
});

/**
 * A fast typist on a slow phone (the CPU slowed six times): the phone number, the password and Sign In as soon
 * as the form has painted, while the app starts under it. The app takes over the fields being typed into (it
 * never puts other fields, or a loader, in their place, which would drop keys and taps), and the sign-in goes through.
 */
for (const { lang, locale, phone, password, signInButton } of [
  { lang: 'English', locale: 'en-IN', phone: 'Phone', password: /^Password/, signInButton: 'Sign In' },
  { lang: 'Tamil', locale: 'ta-IN', phone: /^தொலைபேசி எண்/, password: 'கடவுச்சொல்', signInButton: 'உள்நுழை' },
]) {
  test.describe(`typing at once in ${lang}`, () => {
    test.use({ locale });

    test('what is typed and the Sign In tapped while the app starts on a slow phone are kept', async ({ page }) => {
      const errors = collectErrors(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      // the sign-in fields the page removed while it was still the sign-in screen
      await page.addInitScript(() => {
        const w = window as unknown as { fieldsRemoved: number };
        w.fieldsRemoved = 0;
        new MutationObserver((records) => {
          if (location.pathname !== '/') return;
          for (const r of records)
            for (const n of r.removedNodes) if (n instanceof Element && (n.matches('input') || n.querySelector('input'))) w.fieldsRemoved++;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByLabel(phone).fill(DEMO.customer);
      await page.getByRole('textbox', { name: password, exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: signInButton, exact: true }).click();
      await expect(page).toHaveURL(/\/Home$/);
      expect(await page.evaluate(() => (window as unknown as { fieldsRemoved: number }).fieldsRemoved)).toBe(0);
      expect(errors.filter((e) => /hydrat|did not match|server rendered|#418|#423|#425/i.test(e))).toEqual([]);
    });
  });
}

test.describe('on a device whose saved language is not the one its browser asks for', () => {
  test.use({ locale: 'ta-IN' });

  test('the form rendered afresh over the other language keeps what was typed and the field being typed in', async ({ page }) => {
    // the app starts in English (its saved choice) over the Tamil form the server sent for the browser's language
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel(/^தொலைபேசி எண்/).fill(DEMO.customer);
    await page.getByRole('textbox', { name: 'கடவுச்சொல்', exact: true }).fill(DEMO.password.slice(0, -2));
    release();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await page.waitForFunction(() => (window as Window & { __nkAppStarted?: boolean }).__nkAppStarted === true);
    await expect(page.getByLabel('Phone')).toHaveValue(DEMO.customer);
    // the keys that follow go on into the new password field
    await page.keyboard.type(DEMO.password.slice(-2));
    await expect(page.getByLabel(/^Password/)).toHaveValue(DEMO.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/Home$/);
  });
});
