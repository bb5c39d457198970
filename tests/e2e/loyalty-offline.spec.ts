import { expect, type Page } from '@playwright/test';
import type { CustomerDto } from '../../core/schemas/customer';
import type { TillDifferenceDto } from '../../core/schemas/pricing';
import { shopSale } from '../support/http-builders';
import { test } from './fixtures';
import { addToSale, apiToken, call, DEMO, freshPhone, makeProduct, serviceWorkerReady, signIn } from './helpers';

// this spec needs the app's service worker (offline, its caches or push); the others run without it
test.use({ serviceWorkers: 'allow' });

/**
 * Points redeemed in a counter sale made offline (1280 x 800): the provisional bill shows them and the points the sale
 * earns, the balance this device shows drops at once (the same points are not offered again), and once back online
 * the server's bill says the same and the till's total, sent after the points, is no till difference.
 */
test.use({ viewport: { width: 1280, height: 800 } });

/** What a bill shows of its total and its points, to compare the provisional bill with the server's. */
const billFigures = async (page: Page) => ({
  total: await page.getByTestId('bill-total').innerText(),
  redeemed: await page.getByTestId('bill-points-redeemed').innerText(),
  earned: await page.getByTestId('bill-points-earned').innerText(),
});

const chooseCustomer = async (page: Page, c: CustomerDto) => {
  await page.getByTestId('customer-search').fill(c.phone);
  await page.getByRole('button', { name: `Choose ${c.name}` }).click();
};

test('an offline sale redeeming points: its bill shows them, the device’s balance drops, the server agrees', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(baseURL!, DEMO.vendor);
  await call(baseURL!, token, 'PUT', 'shop/loyalty', { pointsPer100: 10, rupeesPerPoint: 1 });
  const product = await makeProduct(baseURL!, DEMO.vendor, {
    name: `E2E Offline Points ${Date.now().toString(36)}`,
    price: 200,
    shopPrice: 200,
  });
  const customer = await call<CustomerDto>(baseURL!, token, 'POST', 'customers', { name: 'Points Padma', phone: freshPhone() });
  // ₹200 paid at 10 points per ₹100: 20 points
  await shopSale(baseURL!, token, [{ productId: product._id, quantity: 1 }], { customerId: customer._id });

  await signIn(page, DEMO.vendor);
  await page.goto('/order');
  await expect(page.getByTestId('customer-search')).toBeVisible();
  await serviceWorkerReady(page);
  // online, the counter saves the customers and the shop's loyalty settings on the device
  await addToSale(page, product.name);
  await chooseCustomer(page, customer);
  await expect(page.getByTestId('sale-points-balance')).toHaveText('Loyalty points: 20');

  await context.setOffline(true);
  await page.getByTestId('redeem-points').fill('15');
  await expect(page.getByTestId('order-total')).toContainText('₹185.00');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Sale saved on this device. It will be sent when you are back online.').first()).toBeVisible();

  // the next sale to the same customer offline: the 15 points are off the balance, 5 may be redeemed
  await addToSale(page, product.name);
  await chooseCustomer(page, customer);
  await expect(page.getByTestId('sale-points-balance')).toHaveText('Loyalty points: 5');
  await expect(page.getByTestId('sale-points').getByText('Up to 5', { exact: true })).toBeVisible();

  // the provisional bill: ₹200 of items, 15 points (₹15) off, ₹185 paid, which earns 18 points
  const bill = page.getByTestId('last-sale-bill');
  const id = (await bill.getAttribute('href'))!.split('/receipt/')[1].split('?')[0];
  await bill.click();
  await expect(page.getByTestId('bill-provisional')).toBeVisible();
  await expect(page.getByTestId('bill-total')).toHaveText('₹185.00');
  await expect(page.getByTestId('bill-points-redeemed')).toContainText('Loyalty points redeemed (15)');
  await expect(page.getByTestId('bill-points-redeemed')).toContainText('₹15.00');
  await expect(page.getByTestId('bill-points-earned')).toContainText('18');
  const provisional = await billFigures(page);

  await context.setOffline(false);
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/Orders/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status, {
      timeout: 60_000,
    })
    .toBe(200);
  await page.goto(`/receipt/${id}`);
  await expect(page.getByTestId('bill-provisional')).toHaveCount(0);
  await expect(page.getByTestId('bill-total')).toHaveText('₹185.00');
  // the server's bill opens in the customer's language (Tamil): read in English, as the provisional one was
  await page.getByTestId('bill-language').getByText('English', { exact: true }).click();
  await expect(page.getByTestId('bill-points-earned')).toContainText('Loyalty points earned');
  expect(await billFigures(page)).toEqual(provisional);

  // the till's total (after the points) was the server's: no till difference
  const differences = await call<TillDifferenceDto[]>(baseURL!, token, 'GET', 'sales/till-differences');
  expect(differences.filter((d) => d.orderId === id)).toEqual([]);
  // and the server's balance: 20 − 15 + 18
  const [found] = await call<CustomerDto[]>(baseURL!, token, 'GET', `customers?query=${customer.phone}`);
  expect(found.points).toBe(23);
});
