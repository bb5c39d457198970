import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, DEMO, expectThumbSized, signIn, signInTamil } from './helpers';
import { lineOf, makeOrders, placeOrder, stockedProduct } from '../support/http-builders';

/**
 * Every control a rider or a customer taps on a phone is at least 44 x 44 px, in English and in Tamil
 * (whose longer labels wrap): the rider's Home, the areas, an area's orders with a card's lines open and
 * the Mark Delivered dialog, the order's details and its bill; the customer's cart, orders, an order and
 * its bill. The header is measured on each of them.
 */

test.use({ viewport: { width: 390, height: 844 } });

const stamp = Date.now().toString(36);
const AREA = 'Velachery';

const LANGUAGES = [
  { lang: 'en', locale: 'en-IN', signIn: (page: Page, phone: string) => signIn(page, phone), addToCart: 'Add to Cart' },
  { lang: 'ta', locale: 'ta-IN', signIn: signInTamil, addToCart: 'கூடையில் சேர்' },
] as const;

for (const { lang, locale, signIn: signInAs, addToCart } of LANGUAGES) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });

    test("the rider's screens are thumb-sized", async ({ page, baseURL }) => {
      const lane = `Thumb St ${lang} ${stamp}`;
      const [order] = await makeOrders(baseURL!, AREA, lane, 1);
      await signInAs(page, DEMO.delivery);

      // Home, once its areas have loaded
      await expect(page.getByTestId('area-row').first()).toBeVisible();
      await expectThumbSized(page);

      // Pending orders by area
      await page.goto('/orders-by-area');
      await expect(page.getByRole('link', { name: AREA })).toBeVisible();
      await expectThumbSized(page);

      // the area's orders, a card's lines open (Call, Map, the lines' toggle, View Details, Mark Delivered)
      await page.goto(`/orders-by-area/${encodeURIComponent(AREA)}`);
      const card = page.getByTestId('area-order').filter({ hasText: lane });
      await card.getByTestId('card-lines-toggle').click();
      await expect(card.getByTestId('card-lines')).toContainText('₹');
      await expect(card.getByTestId('tel-link')).toBeVisible();
      await expectThumbSized(page);

      // Mark Delivered's dialog: the cash box's row, Cancel, the action, the close button
      await card.getByTestId('card-deliver').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('checkbox')).toBeVisible();
      await expectThumbSized(page, dialog);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // the order's details (Back to the area, Bill, the cash box, Mark Delivered)
      await page.goto(`/vendor/orders/${order._id}`);
      await expect(page.getByTestId('order-item')).toBeVisible();
      await expect(page.getByTestId('back-to-area')).toBeVisible();
      await expectThumbSized(page);

      // its bill (back to the order, the paper, Print, Share)
      await page.getByTestId('receipt-link').click();
      await expect(page.getByTestId('bill-total')).toBeVisible();
      await expectThumbSized(page);
    });

    test("the customer's cart, orders and bill are thumb-sized", async ({ page, baseURL }) => {
      const product = await stockedProduct(baseURL!);
      const token = await apiToken(baseURL!, DEMO.customer);
      const [order] = await placeOrder(baseURL!, token, [lineOf(product)], { address: `Thumb Rd ${lang} ${stamp}` });
      await signInAs(page, DEMO.customer);

      // the cart with a line (Remove, the quantity's buttons, Checkout)
      await page.goto(`/product/${product._id}`);
      await page.getByRole('button', { name: addToCart, exact: true }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId('cart-item')).toHaveCount(1);
      await expectThumbSized(page);

      // the orders (View Order)
      await page.goto('/my-orders');
      await expect(page.getByTestId('order-card').first()).toBeVisible();
      await expectThumbSized(page);

      // an order (Bill, Delete)
      await page.goto(`/userOrder/${order._id}`);
      await expect(page.getByTestId('order-bill')).toBeVisible();
      await expectThumbSized(page);

      // its bill
      await page.getByTestId('order-bill').click();
      await expect(page.getByTestId('bill-total')).toBeVisible();
      await expectThumbSized(page);
    });
  });
}
