import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, expectThumbSized, signIn, signInTamil } from './helpers';

/**
 * A subcategory's products on a phone (390 x 844): compact rows, so at least four whole cards are on
 * the first screen in English and in Tamil (whose names and prices run longer), and every control on a
 * card (the name's link, Add, the stepper's buttons) is still thumb-sized.
 */

test.use({ viewport: { width: 390, height: 844 } });

const VEGETABLES = '/productlist/Fresh%20Vegetables';

/** How many product cards lie wholly on the screen as it is scrolled now. */
const wholeCards = (page: Page) =>
  page.getByTestId('product-card').evaluateAll(
    (cards) =>
      cards.filter((c) => {
        const r = c.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
      }).length,
  );

for (const { lang, locale, signInAs } of [
  { lang: 'en', locale: 'en-IN', signInAs: signIn },
  { lang: 'ta', locale: 'ta-IN', signInAs: signInTamil },
] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });

    test('four whole product cards on the first screen, each control thumb-sized', async ({ page }) => {
      await signInAs(page, DEMO.customer);
      await page.goto(VEGETABLES);
      const cards = page.getByTestId('product-card');
      await expect(cards).toHaveCount(10);
      // the sort and filters (loaded beside the list) are in place: the screen as the shopper sees it
      await expect(page.locator('#list-filters')).toBeAttached();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await wholeCards(page), 'whole product cards on the first screen').toBeGreaterThanOrEqual(4);
      for (let i = 0; i < 4; i++) await expectThumbSized(page, cards.nth(i));

      // in the cart: the stepper's buttons are thumb-sized too
      await cards.first().getByTestId('card-add').click();
      await expect(cards.first().getByTestId('card-stepper')).toBeVisible();
      await expectThumbSized(page, cards.first());
    });
  });
}
