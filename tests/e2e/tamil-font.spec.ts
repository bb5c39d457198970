import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, signIn } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * The Tamil web font ships with the app: served from this origin, precached for offline, and
 * downloaded only by pages that show Tamil text (its unicode-range is the Tamil block). This
 * machine's Chromium has no Tamil system font, so without it Tamil would show as boxes.
 */
const isTamilFont = (url: string) => /noto-sans-tamil-tamil-\d+-normal-[\w-]+\.woff2$/.test(url);

test('an English page downloads no Tamil font; a page with Tamil names renders them in the shipped font', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (r) => {
    if (isTamilFont(r.url())) fontRequests.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fontRequests, 'the sign-in page has no Tamil text').toEqual([]);

  await signIn(page, DEMO.customer);
  await page.goto('/product-search?keyword=rice');
  const tamilName = page.getByText(/[\u0B80-\u0BFF]{2,}/).first();
  await expect(tamilName).toBeVisible();
  await expect.poll(() => fontRequests.length).toBeGreaterThan(0);
  expect(new URL(fontRequests[0]).origin).toBe(new URL(page.url()).origin);
  // a face of the shipped font is loaded, and it covers the Tamil text on screen (the card titles are bold)
  const text = (await tamilName.textContent()) ?? '';
  await expect
    .poll(() =>
      page.evaluate(
        () => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Tamil' && f.status === 'loaded').length,
      ),
    )
    .toBeGreaterThan(0);
  expect(await page.evaluate((t) => document.fonts.check('700 16px "Noto Sans Tamil"', t), text)).toBe(true);
  const loaded = await page.evaluate(
    () => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Tamil' && f.status === 'loaded').length,
  );
  expect(loaded).toBeGreaterThan(0);
});

test('the Tamil font files are in the service worker precache (Tamil works offline)', async ({ request }) => {
  const sw = await (await request.get('/sw.js')).text();
  expect(sw).toMatch(/noto-sans-tamil-tamil-400-normal-[\w-]+\.woff2/);
  expect(sw).toMatch(/noto-sans-tamil-tamil-700-normal-[\w-]+\.woff2/);
});

test('the printed bill (a monospace sheet) shows Tamil in the shipped font, not as boxes', async ({ page, baseURL }) => {
  const vendor = await apiToken(baseURL!, DEMO.vendor);
  const { orders } = await call<{ orders: Array<{ _id: string }> }>(baseURL!, vendor, 'GET', 'Orders/vendor?limit=1');
  await signIn(page, DEMO.vendor);
  // the choice is saved in the profile too (the next page load follows the profile's language)
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/users/profile');
  await page.getByRole('button', { name: 'தமிழில் பார்க்க' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  expect((await saved).ok()).toBe(true);
  await page.goto(`/receipt/${orders[0]._id}`);
  const title = page.getByTestId('counter-bill').getByText(/^(வரி விலைப்பட்டியல்|விநியோக பில்)$/);
  await expect(title).toBeVisible();
  await title.evaluate((el) => el.setAttribute('data-font-probe', ''));
  // the fonts Chromium really drew the title with
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-font-probe]' });
  await expect
    .poll(async () => (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts.map((f) => f.familyName))
    .toContain('Noto Sans Tamil');
  // the demo vendor back in English: the account's language follows it into the next sign-in, in a later test of this server
  await call(baseURL!, vendor, 'PUT', 'users/profile', { language: 'en' });
});
