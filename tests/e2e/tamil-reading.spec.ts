import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DEMO, signInTamil } from './helpers';

/** Tamil that reads right on a phone: long category names wrap on their tiles instead of being cut. */
test.use({ viewport: { width: 390, height: 844 }, locale: 'ta-IN' });

test('every category tile shows its whole Tamil name at 390 px', async ({ page }) => {
  await signInTamil(page, DEMO.customer);
  await page.goto('/user-categories');
  const tiles = page.locator('main a.mantine-Button-root');
  await expect(tiles.filter({ hasText: 'தின்பண்டங்கள் & இனிப்புகள்' })).toBeVisible();
  const cut = await tiles.evaluateAll((els) =>
    els
      .map((el) => el.querySelector('.mantine-Button-label') as HTMLElement)
      .filter((label) => label.scrollWidth > label.clientWidth + 1 || label.scrollWidth > label.closest('a')!.clientWidth)
      .map((label) => label.textContent),
  );
  expect(cut).toEqual([]);
});
