import { expect } from '@playwright/test';
import { test } from './fixtures';
import { apiToken, call, DEMO, logoutFromMenu, makeProduct, signIn } from './helpers';

/**
 * Each shop delivers to the areas it chooses. Meenakshi Traders (Madurai) adds Mylapore in Update
 * Profile; Lakshmi (addresses in Adyar and Mylapore) sees its product only with the Mylapore address
 * chosen, orders it there, and no longer sees it back in Adyar.
 */

const stamp = Date.now().toString(36).slice(-5);
const MADURAI = ['Madurai - Anna Nagar', 'Madurai - K. K. Nagar'];

test('a shop chooses its delivery areas; a customer sees and orders only what delivers to the chosen address', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const vendor = await apiToken(baseURL!, DEMO.vendor2);
  const { _id: productId, name } = await makeProduct(baseURL!, DEMO.vendor2, {
    name: `Zone Murukku ${stamp}`,
    Tamil: `முறுக்கு ${stamp}`,
    price: 120,
    shopPrice: 100,
    discount: 0,
  });

  try {
    // the vendor adds Mylapore to its Madurai areas
    await signIn(page, DEMO.vendor2);
    await page.goto('/update-profile');
    const areas = page.getByRole('combobox', { name: 'Delivery areas' });
    for (const a of MADURAI) await expect(page.getByText(a, { exact: true }).first()).toBeVisible();
    await areas.click();
    await areas.fill('Mylap');
    await page.getByRole('option', { name: 'Mylapore', exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    const saved = await call<{ deliveryAreas: string[] }>(baseURL!, vendor, 'GET', 'users/profile');
    expect(saved.deliveryAreas).toEqual([...MADURAI, 'Mylapore']);
    await logoutFromMenu(page);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

    // the customer shops for Adyar (her first address): the Madurai shop's product is not there
    await signIn(page, DEMO.customer);
    await page.goto(`/product-search?keyword=${encodeURIComponent(name)}`);
    const deliverTo = page.getByRole('combobox', { name: 'Deliver to' });
    await expect(deliverTo.locator('option:checked')).toHaveText(/^Adyar - /);
    await expect(page.getByText('No products found.')).toBeVisible();

    // another saved address: Mylapore, where the shop now delivers
    await deliverTo.selectOption({ label: 'Mylapore - 22 Luz Church Road' });
    const card = page.getByTestId('product-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    // checkout starts from the address chosen on the list
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.getByTestId('saved-address').filter({ hasText: 'Luz Church Road' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    // one shop's order: its page, shipping to Mylapore
    await expect(page).toHaveURL(/\/userOrder\//);
    await expect(page.getByText(/22 Luz Church Road, Chennai, 600004, Mylapore/)).toBeVisible();

    // back in Adyar, the product is gone from the results again
    await page.goto(`/product-search?keyword=${encodeURIComponent(name)}`);
    await page.getByRole('combobox', { name: 'Deliver to' }).selectOption({ label: 'Adyar - 7 Kasturba Nagar 3rd Cross Street' });
    await expect(page.getByText('No products found.')).toBeVisible();
    await expect(page.getByTestId('product-card').filter({ hasText: name })).toHaveCount(0);

    // its page, opened from a link, says the shop does not deliver here instead of "not found", and offers no Add to Cart
    await page.goto(`/product/${productId}`);
    await expect(page.getByTestId('not-delivered-here')).toHaveText(
      'Meenakshi Traders does not deliver to Adyar. Choose a delivery address in another area to order it.',
    );
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    // choosing the Mylapore address there brings it back
    await page.getByRole('combobox', { name: 'Deliver to' }).selectOption({ label: 'Mylapore - 22 Luz Church Road' });
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await expect(page.getByTestId('not-delivered-here')).toHaveCount(0);
  } finally {
    await call(baseURL!, vendor, 'PUT', 'users/profile', { deliveryAreas: MADURAI });
  }
});
