import { expect } from '@playwright/test';
import type { CustomerDto } from '../../core/schemas/customer';
import { shopSale } from '../support/http-builders';
import { test } from './fixtures';
import { addToSale, apiToken, call, DEMO, freshPhone, makeProduct, signIn } from './helpers';

/**
 * Loyalty points at the counter (1280 x 800): the owner's settings and a customer with points are made
 * through the API; choosing the customer shows their points, and redeeming takes their value off the total.
 */
test.use({ viewport: { width: 1280, height: 800 } });

test('the counter shows the chosen customer’s points and redeeming takes them off the total', async ({ page, baseURL }) => {
  const token = await apiToken(baseURL!, DEMO.vendor);
  await call(baseURL!, token, 'PUT', 'shop/loyalty', { pointsPer100: 10, rupeesPerPoint: 1 });
  const product = await makeProduct(baseURL!, DEMO.vendor, { name: `E2E Loyal ${Date.now().toString(36)}`, price: 200, shopPrice: 200 });
  const customer = await call<CustomerDto>(baseURL!, token, 'POST', 'customers', { name: 'Loyal Lakshmi', phone: freshPhone() });
  // ₹200 paid at 10 points per ₹100: 20 points
  await shopSale(baseURL!, token, [{ productId: product._id, quantity: 1 }], { customerId: customer._id });

  await signIn(page, DEMO.vendor);
  await page.goto('/order');
  await addToSale(page, product.name);
  await page.getByTestId('customer-search').fill(customer.phone);
  await page.getByRole('button', { name: `Choose ${customer.name}` }).click();
  await expect(page.getByTestId('sale-points-balance')).toHaveText('Loyalty points: 20');
  await page.getByTestId('redeem-points').fill('15');
  await expect(page.getByTestId('redeem-off')).toContainText('₹15.00');
  await expect(page.getByTestId('order-total')).toContainText('₹185.00');
});
