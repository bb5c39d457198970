import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, makeProduct, signIn, signInTamil } from './helpers';

/**
 * The counter in Tamil on a phone: a line of the sale and its total are called பொருள் and பொருள் தொகை,
 * never வரி (tax, on a GST bill), and the product box's matches show a long Tamil name first and whole,
 * on two lines rather than cut, with the English name beneath; in English the English name comes first.
 */
const stamp = Date.now().toString(36);
const LONG = { name: `E2E Mixed Veg ${stamp}`, Tamil: `சர்க்கரைவள்ளிக் கிழங்கு மற்றும் பச்சைக் கத்தரிக்காய் கலவை (உதிரி) ${stamp}` };
const SHORT = { name: `E2E Tamil Rice ${stamp}`, Tamil: `அரிசி ${stamp}` };

test.beforeAll(async ({ baseURL }) => {
  await makeProduct(baseURL!, DEMO.vendor, { ...LONG, price: 90, shopPrice: 80 });
  await makeProduct(baseURL!, DEMO.vendor, { ...SHORT, price: 60, shopPrice: 55 });
});

/** The match of `name` in the product box's list, once it is typed there. */
async function match(page: Page, typed: string, name: string): Promise<Locator> {
  await page.getByTestId('product-finder').fill(typed);
  const option = page.getByRole('option', { name: new RegExp(name) });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  return option;
}

/** How a text element lays out: whether its text is cut (wider or taller than its box, or ended with an ellipsis). */
const layout = (el: Locator) =>
  el.evaluate((e) => {
    const style = getComputedStyle(e);
    return {
      overflowsWidth: e.scrollWidth > e.clientWidth,
      overflowsHeight: e.scrollHeight > e.clientHeight + 1,
      ellipsis: style.textOverflow === 'ellipsis',
      clamped: !['none', ''].includes(style.getPropertyValue('-webkit-line-clamp')),
      // the text's lines: the distinct tops of its boxes
      lines: (() => {
        const text = document.createRange();
        text.selectNodeContents(e);
        return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
      })(),
    };
  });

test.describe('in Tamil on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

  test('a long Tamil product name shows whole in the product box, and the lines are பொருள், not வரி', async ({ page }) => {
    await signInTamil(page, DEMO.vendor);
    await page.goto('/order');

    const option = await match(page, LONG.name, LONG.name);
    const name = option.getByTestId('product-finder-name');
    await expect(name).toHaveText(LONG.Tamil);
    await expect(option.getByTestId('product-finder-other-name')).toHaveText(LONG.name);
    const shown = await layout(name);
    expect(shown).toMatchObject({ overflowsWidth: false, overflowsHeight: false, ellipsis: false, clamped: false });
    // at 390 px the name does not fit one line: it wraps
    expect(shown.lines).toBeGreaterThan(1);
    await page.screenshot({ path: test.info().outputPath('picker-ta-390.png') });
    await page.getByTestId('product-finder').press('Enter');

    await match(page, SHORT.name, SHORT.name);
    await page.getByTestId('product-finder').press('Enter');
    await expect(page.getByTestId('shop-line')).toHaveCount(2);

    // the lines' totals and their count: பொருள் தொகை and பொருட்கள், no வரி
    const totals = page.getByTestId('line-total');
    await expect(totals).toHaveText([/^பொருள் தொகை: ₹80\.00$/, /^பொருள் தொகை: ₹55\.00$/]);
    await expect(totals.filter({ hasText: 'வரி' })).toHaveCount(0);
    const count = page.getByText(/^2 பொருட்கள்$/);
    await expect(count).toHaveCount(1);
    expect(await count.textContent()).not.toContain('வரி');
    await page.screenshot({ path: test.info().outputPath('counter-ta-390.png'), fullPage: true });
  });
});

test.describe('in English on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-IN' });

  test('the product box shows the English name first, the Tamil one beneath', async ({ page }) => {
    await signIn(page, DEMO.vendor);
    await page.goto('/order');
    const option = await match(page, LONG.name, LONG.name);
    await expect(option.getByTestId('product-finder-name')).toHaveText(LONG.name);
    await expect(option.getByTestId('product-finder-other-name')).toHaveText(LONG.Tamil);
    expect(await layout(option.getByTestId('product-finder-other-name'))).toMatchObject({ overflowsWidth: false, ellipsis: false });
  });
});
