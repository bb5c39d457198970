import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, signIn } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * The PWA runs under the server's strict Content-Security-Policy with no violation: the main screens
 * of every role are opened in Chromium while `securitypolicyviolation` events and CSP console
 * errors are collected.
 */

const SCREENS: Array<{ role: string; phone?: string; paths: string[] }> = [
  { role: 'anonymous', paths: ['/', '/register', '/forgot-password', '/unauthorized'] },
  {
    role: 'customer',
    phone: DEMO.customer,
    paths: ['/Home', '/user-categories', '/user-product-search', '/cart', '/my-orders', '/profile', '/update-profile'],
  },
  {
    role: 'vendor',
    phone: DEMO.vendor,
    paths: ['/Home', '/productList', '/createProduct', '/order', '/PendingOrders', '/vendorOrdersList', '/profile'],
  },
  {
    role: 'admin',
    phone: DEMO.admin,
    paths: ['/Home', '/userList', '/categories', '/create-category', '/informationList', '/information', '/toggleCard'],
  },
  { role: 'delivery', phone: DEMO.delivery, paths: ['/Home', '/orders-by-area/Adyar', '/profile'] },
];

async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  return violations;
}

for (const s of SCREENS) {
  test(`${s.role}: main screens run under the CSP with no violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    const first = await page.goto('/');
    const csp = first!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    if (s.phone) await signIn(page, s.phone);
    for (const p of s.paths) {
      await page.goto(p);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      expect(page.url(), `${p} stays on its screen`).not.toContain('/unauthorized' === p ? '/__none__' : '/unauthorized');
    }
    expect(violations).toEqual([]);
  });
}

test('an inline script injected into the page is blocked (the CSP is enforced, not just sent)', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  const ran = await page.evaluate(async () => {
    (window as unknown as { __inline?: boolean }).__inline = false;
    const s = document.createElement('script');
    s.textContent = 'window.__inline = true';
    document.body.appendChild(s);
    await new Promise((r) => setTimeout(r, 100));
    return (window as unknown as { __inline?: boolean }).__inline;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
