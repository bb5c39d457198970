import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, signIn as signInOnly } from './helpers';
import { creditSale, shopSale, stockedProduct } from '../support/http-builders';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Signs in and waits for "Ready to work offline" (the service worker and the role's saved data), then
 * closes that toast, so it does not fade in over a screen while axe reads its colours.
 */
async function signIn(page: Page, phone: string) {
  await signInOnly(page, phone);
  const ready = page.locator('.mantine-Notification-root').filter({ hasText: 'Ready to work offline' });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await ready.locator('button').click();
  await expect(ready).toHaveCount(0);
}

/**
 * axe-core on every main screen of each role, at phone (390x844) and desktop (1280x800) size:
 * no serious or critical violation of WCAG 2.2 A/AA. Each screen is checked once its data has
 * loaded; menus, drawers and dialogs are checked open as well.
 */
// each test signs in on its own and changes nothing another one reads: they spread over the workers
test.describe.configure({ mode: 'parallel' });

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

interface Found {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now; answers the serious and critical violations. */
async function audit(page: Page, screen: string): Promise<Found[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1).join(' ')}`),
    }));
}

/**
 * Waits until nothing on the page moves for five frames in a row: no CSS transition or finite animation running
 * (axe reads colours mid-transition as faded; Mantine starts a transition a frame or two after its element mounts).
 */
async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              let quiet = 0;
              const frame = () => {
                const moving = document
                  .getAnimations()
                  .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
                if (moving) resolve(false);
                else if (++quiet === 5) resolve(true);
                else requestAnimationFrame(frame);
              };
              requestAnimationFrame(frame);
            }),
        ),
      { message: 'the page stops moving' },
    )
    .toBe(true);
}

/** Opens a screen and waits until its data has arrived and nothing is loading. */
async function open(page: Page, url: string) {
  await page.goto(url);
  // quiet network for half a second (bounded: a screen may keep polling)
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible')).toHaveCount(0, { timeout: 15_000 });
  // transitions (drawers, toasts) settled: axe reads computed colours
  await settled(page);
}

/** The href of the first link on the page that starts with `prefix` (a row's detail page). */
async function firstHref(page: Page, prefix: string): Promise<string> {
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

/** Checks each screen in turn and fails once at the end with every violation found. */
async function auditAll(page: Page, screens: Array<string | [string, (page: Page) => Promise<void>]>) {
  const found: Found[] = [];
  for (const s of screens) {
    const [name, arrive] = typeof s === 'string' ? [s, (p: Page) => open(p, s)] : s;
    await test.step(name, async () => {
      await test.step('open', () => arrive(page));
      found.push(...(await test.step('axe', () => audit(page, name))));
    });
  }
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
}

for (const size of SIZES) {
  test.describe(`${size.name} ${size.viewport.width}x${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });
    // a dozen screens per test, each loaded and audited
    test.describe.configure({ timeout: 240_000 });

    test('signed out: sign-in, register, forgot and reset password', async ({ page }) => {
      await auditAll(page, [
        '/',
        '/register',
        '/forgot-password',
        '/reset-password',
        '/unauthorized',
        // the customer display before it is paired: its code, large
        '/display',
        [
          'sign-in errors',
          async (p) => {
            await open(p, '/');
            await p.getByRole('button', { name: 'Sign In' }).click();
            await expect(p.getByRole('alert').filter({ hasText: 'Please enter a valid 10-digit Indian phone number' })).toBeVisible();
            await settled(p);
          },
        ],
      ]);
    });

    test('customer screens', async ({ page }) => {
      await signIn(page, DEMO.customer);
      await open(page, '/product-search');
      const product = await firstHref(page, '/product/');
      await open(page, '/user-categories');
      const subcategoryPage = await firstHref(page, '/subcategory/');
      await open(page, subcategoryPage);
      const productList = await firstHref(page, '/productlist/');
      await auditAll(page, [
        '/Home',
        '/user-categories',
        subcategoryPage,
        productList,
        '/product-search',
        product,
        [
          'cart with an item',
          async (p) => {
            await open(p, product);
            await p.getByRole('button', { name: 'Add to Cart' }).click();
            await expect(p).toHaveURL(/\/cart$/);
            await p.waitForLoadState('networkidle');
          },
        ],
        '/shipping',
        '/placeorder',
        '/my-orders',
        '/category',
        '/profile',
        '/update-profile',
        [
          'account menu open',
          async (p) => {
            await open(p, '/Home');
            await p.getByTestId('user-menu').click();
            await expect(p.getByRole('menu')).toBeVisible();
            // axe reads colours mid-transition as faded: the menu has finished opening
            await settled(p);
          },
        ],
      ]);
      // the customer's own order (the demo customer has some)
      await open(page, '/my-orders');
      const ownOrder = await firstHref(page, '/userOrder/');
      // and its bill
      await auditAll(page, [ownOrder, ownOrder.replace('/userOrder/', '/receipt/')]);
    });

    test('vendor screens', async ({ page, baseURL }) => {
      const vendor = await apiToken(baseURL!, DEMO.vendor);
      // a demo product of which four pieces are sold below
      const stocked = await stockedProduct(baseURL!, 3);
      // a counter sale handed over now, for its page's Void sale dialog
      const sale = await shopSale(baseURL!, vendor, [{ productId: stocked._id, quantity: 1 }]);
      // a bill of goods received, for its page and the purchases list
      const bill = await call<{ _id: string }>(baseURL!, vendor, 'POST', 'purchases', {
        supplier: { name: 'Axe Supplier' },
        billNumber: `AXE-${Date.now().toString(36)}`,
        billDate: new Date().toISOString().slice(0, 10),
        lines: [{ productId: stocked._id, quantity: 1, unitCost: 10, gstRate: 5 }],
      });
      // a second sale with one piece returned: its credit note's page and the Return dialog
      const returnedSale = await shopSale(baseURL!, vendor, [{ productId: stocked._id, quantity: 2 }]);
      const creditNote = await call<{ _id: string }>(baseURL!, vendor, 'POST', `Orders/${returnedSale._id}/returns`, {
        lines: [{ productId: stocked._id, quantity: 1 }],
        refundMethod: 'cash',
        restock: true,
      });
      // a shop customer with a credit sale and a payment, for the customers pages
      const regular = await call<{ _id: string; phone: string }>(baseURL!, vendor, 'POST', 'customers', {
        name: 'Axe Regular',
        phone: `7${String(Date.now()).slice(-9)}`,
        creditLimit: 5000,
        creditDays: 15,
      });
      await creditSale(baseURL!, vendor, regular, [{ productId: stocked._id, quantity: 1 }], { confirmOverLimit: true });
      await call(baseURL!, vendor, 'POST', `customers/${regular._id}/payments`, { amount: 1, method: 'upi' });
      await signIn(page, DEMO.vendor);
      await open(page, '/productList');
      const editProduct = await firstHref(page, '/edit-product/');
      await open(page, '/vendorOrdersList');
      const orderDetail = await firstHref(page, '/vendor/orders/');
      // Forms, dialogs and detail pages keep one column at both sizes: they are scanned at phone size. At desktop
      // size, the screens whose layout changes (tables, the counter, dashboards, the header menu).
      const desktopToo = new Set([
        '/Home',
        '/order',
        '/PendingOrders',
        '/vendorOrdersList',
        orderDetail,
        '/productList',
        '/gstr1',
        '/dashboard',
        '/day-close',
        '/reorder',
        '/purchases',
        '/customers',
        '/customers/dues',
        'till dialog',
        'menu open',
      ]);
      const forSize = (screens: Parameters<typeof auditAll>[1]) =>
        size.name === 'phone' ? screens : screens.filter((s) => desktopToo.has(typeof s === 'string' ? s : s[0]));
      await auditAll(
        page,
        forSize([
          '/Home',
          '/order',
          '/PendingOrders',
          '/vendorOrdersList',
          orderDetail,
          '/productList',
          '/createProduct',
          editProduct,
          '/products/import',
          [
            'import preview with errors',
            async (p) => {
              await open(p, '/products/import');
              const csv = 'Name,Category,Subcategory,MRP,Selling price,GST rate\nA11y rice,No such category,Rice,50,60,5\n';
              await p.locator('input[type=file]').setInputFiles({ name: 'a11y.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
              await expect(p.getByTestId('import-summary')).toBeVisible();
              await settled(p);
            },
          ],
          '/gstr1',
          '/dashboard',
          '/day-close',
          '/reconciliation',
          '/reorder',
          '/labels',
          '/purchases',
          '/purchases/new',
          `/purchases/${bill._id}`,
          '/customers',
          '/customers/dues',
          `/customers/${regular._id}`,
          `/customers/${regular._id}/statement`,
          [
            'record payment dialog',
            async (p) => {
              await open(p, `/customers/${regular._id}`);
              await p.getByRole('button', { name: 'Record payment' }).click();
              await expect(p.getByRole('dialog')).toBeVisible();
              await settled(p);
            },
          ],
          [
            'add customer dialog',
            async (p) => {
              await open(p, '/customers');
              await p.getByRole('button', { name: 'Add customer' }).click();
              await expect(p.getByRole('dialog')).toBeVisible();
              await settled(p);
            },
          ],
          '/stock-count',
          editProduct.replace('/edit-product/', '/stock/'),
          [
            'till dialog',
            async (p) => {
              await open(p, '/order');
              await p.getByTestId('till-settings').click();
              await expect(p.getByRole('dialog').getByTestId('till-name')).toBeVisible();
              await settled(p);
            },
          ],
          [
            'receipt printer settings',
            async (p) => {
              await open(p, '/order');
              await p.getByTestId('printer-settings').click();
              await expect(p.getByRole('dialog').getByTestId('printer-status')).toBeVisible();
              await settled(p);
            },
          ],
          '/profile',
          [
            'till PIN dialog',
            async (p) => {
              await open(p, '/profile');
              await p.getByTestId('set-pin').click();
              await expect(p.getByRole('dialog').getByTestId('save-pin')).toBeVisible();
              await settled(p);
            },
          ],
          '/update-profile',
          '/staff',
          [
            'add staff dialog',
            async (p) => {
              await open(p, '/staff');
              await p.getByTestId('add-staff').click();
              await expect(p.getByRole('dialog').getByTestId('add-staff-submit')).toBeVisible();
              await settled(p);
            },
          ],
          `/credit-notes/${creditNote._id}`,
          [
            'return dialog',
            async (p) => {
              await open(p, `/vendor/orders/${returnedSale._id}`);
              await p.getByTestId('return-goods').click();
              await expect(p.getByRole('dialog')).toBeVisible();
              await settled(p);
            },
          ],
          [
            'void sale dialog',
            async (p) => {
              await open(p, `/vendor/orders/${sale._id}`);
              await p.getByTestId('void-sale').click();
              await expect(p.getByRole('dialog')).toBeVisible();
              await settled(p);
            },
          ],
          [
            'menu open',
            async (p) => {
              await open(p, '/Home');
              // the drawer on phones, the header menu on desktops
              const burger = p.getByRole('button', { name: 'Open menu' });
              const phone = await burger.isVisible();
              if (phone) await burger.click();
              else await p.getByRole('button', { name: 'Vendor' }).first().click();
              await expect(p.getByRole(phone ? 'dialog' : 'menu')).toBeVisible();
              await settled(p);
            },
          ],
        ]),
      );
    });

    test('admin screens', async ({ page }) => {
      await signIn(page, DEMO.admin);
      await open(page, '/userList');
      const userEdit = await firstHref(page, '/admin/user/');
      await open(page, '/categories');
      const categoryEdit = await firstHref(page, '/admin/category/');
      await open(page, '/informationList');
      const announcementEdit = await firstHref(page, '/information/');
      await auditAll(page, [
        '/Home',
        '/admin/dashboard',
        '/userList',
        userEdit,
        '/toggleCard',
        '/categories',
        '/create-category',
        categoryEdit,
        '/informationList',
        '/information',
        announcementEdit,
        [
          'vendor switch-off dialog',
          async (p) => {
            await open(p, '/toggleCard');
            await p.getByRole('switch', { name: 'Kaveri Organics active' }).click({ force: true });
            await expect(p.getByRole('dialog')).toBeVisible();
            await settled(p);
          },
        ],
        '/gsts',
        [
          'GST form dialog',
          async (p) => {
            await open(p, '/gsts');
            await p.getByRole('button', { name: 'New GST record' }).click();
            await expect(p.getByRole('dialog')).toBeVisible();
            await settled(p);
          },
        ],
        '/orders-by-area',
        '/orders-by-area/Adyar',
      ]);
    });

    test('delivery screens', async ({ page }) => {
      await signIn(page, DEMO.delivery);
      await auditAll(page, ['/Home', '/orders-by-area/Adyar', '/rider-cash', '/profile']);
    });
  });
}

/**
 * Presses Tab until `target` has the focus (at most `max` times): the control is reachable by keyboard,
 * and its focus is visible (an outline drawn around it).
 */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 80) {
  await expect(target).toBeVisible();
  // a password field's border is on the box around its input
  const border = () => target.evaluate((el) => [el, el.parentElement!].map((e) => getComputedStyle(e).borderColor).join(' '));
  // measured unfocused (a field may take the focus as its page opens)
  await target.evaluate((el) => (el as HTMLElement).blur());
  const restingBorder = await border();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      // the outline of the element, or of the ::after a card's link stretches over the whole card
      const ring = await target.evaluate((el) => {
        const [s, after] = [getComputedStyle(el), getComputedStyle(el, '::after')];
        const own = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
        return own
          ? { style: s.outlineStyle, width: parseFloat(s.outlineWidth) }
          : { style: after.outlineStyle, width: parseFloat(after.outlineWidth) };
      });
      // buttons and links get an outline; text fields turn their border the primary colour
      const shown = (ring.style !== 'none' && ring.width > 0) || (await border()) !== restingBorder;
      expect(shown, `focus visible on ${target.toString()}: ${JSON.stringify(ring)}`).toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached by Tab in ${max} presses: ${target.toString()}`);
}

test.describe('keyboard alone', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('a customer signs in, adds a product to the cart and places the order without a mouse', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await tabTo(page, page.getByRole('textbox', { name: 'Phone' }));
    await page.keyboard.type(DEMO.customer);
    await tabTo(page, page.getByRole('textbox', { name: 'Password' }));
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Home$/);

    // a product from the search list, opened from its card's link
    await open(page, '/product-search');
    const href = await firstHref(page, '/product/');
    await tabTo(page, page.locator(`a[href="${href}"]`).first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product\//);

    await tabTo(page, page.getByRole('button', { name: 'Add to Cart' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cart$/);

    await tabTo(page, page.getByRole('button', { name: 'Proceed to Checkout' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shipping$/);

    // the demo customer's saved address is chosen: Continue
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/placeorder$/);

    await tabTo(page, page.getByRole('button', { name: 'Place Order' }));
    await page.keyboard.press('Enter');
    // the orders just placed (one vendor's order opens on its own page)
    await expect(page).toHaveURL(/\/(orders-summary|userOrder\/[\w-]+)$/);

    // with the hint to add the app to the home screen (a first order on this device): audited, and closed from the keyboard
    const hint = page.getByTestId('install-hint');
    await expect(hint).toBeVisible();
    await settled(page);
    expect(await audit(page, 'the order just placed, with the install hint')).toEqual([]);
    await tabTo(page, hint.getByRole('button', { name: 'Close the hint' }));
    await page.keyboard.press('Enter');
    await expect(hint).toHaveCount(0);
  });

  test('a vendor records a counter sale without a mouse', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.vendor);
    await open(page, '/order');
    const finder = page.getByTestId('product-finder');
    await tabTo(page, finder);
    await page.keyboard.type('Paneer Soda');
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shop-line')).toHaveCount(1);
    // handed over now, paid in cash (the defaults): Create Order
    await tabTo(page, page.getByRole('button', { name: 'Create Order' }), 120);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Order created successfully!')).toBeVisible();
    // the counter is ready for the next sale: the product box has the focus again
    await expect(page.getByTestId('last-sale')).toBeVisible();
    await expect(page.getByTestId('product-finder')).toBeFocused();
  });

  test('a confirm dialog keeps the focus inside until it is answered', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await open(page, '/informationList');
    // one announcement to delete
    await page.goto('/information');
    await page.getByLabel('Information').fill(`Keyboard check ${Date.now()}`);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/informationList$/);
    const remove = page.getByTestId('row').first().getByRole('button', { name: 'Delete' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Tab and Shift+Tab cycle within the dialog
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // Escape closes it and nothing is deleted
    const rows = await page.getByTestId('row').count();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('row')).toHaveCount(rows);
  });
});
