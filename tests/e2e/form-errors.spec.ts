import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { MSG } from '../../core/messages';
import { MSG_TA } from '../../core/messages-ta';
import { RULE_MSG } from '../../core/rule-messages';
import { RULE_MSG_TA } from '../../core/rule-messages-ta';
import ACCOUNT_EN from '../../src/locales/en/account';
import AUTH_EN from '../../src/locales/en/auth';
import ACCOUNT_TA from '../../src/locales/ta/account';
import AUTH_TA from '../../src/locales/ta/auth';
import { test } from './fixtures';
import { DEMO, signIn } from './helpers';

/**
 * Forms check their values with the zod schema the server applies to the request (src/lib/use-schema-form.ts):
 * each mistake is named beside its own field, in the interface language, and nothing is sent.
 */

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4IScHAAK2AQU0pnWqAAAAAElFTkSuQmCC';

/** A field's error is its accessible description (Mantine ties the error text to the input), and it shows. */
async function expectFieldError(field: Locator, text: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

/** Counts the requests a page sends to an API path with a method (to show a refused form sent nothing). */
function countRequests(page: Page, method: string, pathname: string) {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === pathname) seen.count++;
  });
  return seen;
}

const start = (label: string) => new RegExp(`^${label}`);
/** The registration form's labels and the five mistakes' messages, in one interface language. */
interface Texts {
  account: Record<'name' | 'confirmPassword' | 'address' | 'city' | 'pincode' | 'area' | 'register', string>;
  auth: Record<'phone' | 'password', string>;
  msg: Record<'invalidPhoneDot' | 'passwordsMismatch' | 'fillRequired', string>;
  rule: Record<'passwordTooShort' | 'pincodeInvalid', string>;
}
const EN: Texts = { account: ACCOUNT_EN, auth: AUTH_EN, msg: MSG, rule: RULE_MSG };
const TA: Texts = { account: ACCOUNT_TA, auth: AUTH_TA, msg: MSG_TA, rule: RULE_MSG_TA };

/** Registration with five mistakes: a 5-digit phone, a 3-character password, another confirmation, a 4-digit pincode, no area. */
async function registerWithFiveMistakes(page: Page, { account, auth }: Texts) {
  await page.goto('/register');
  await page.getByLabel(start(account.name)).fill('Kavitha Raman');
  await page.getByLabel(start(auth.phone)).fill('98765');
  await page.getByLabel(new RegExp(`^${auth.password}( \\*)?$`)).fill('abc');
  await page.getByLabel(start(account.confirmPassword)).fill('abd');
  await page.getByLabel(start(account.address)).fill('7 Pillaiyar Koil Street');
  await page.getByLabel(start(account.city)).fill('Chennai');
  await page.getByLabel(start(account.pincode)).fill('6000');
  // the area list has loaded (the field is enabled), and no area is chosen
  await expect(page.getByRole('combobox', { name: start(account.area) })).toBeEnabled();
  await page.getByRole('button', { name: account.register }).click();
}

/** Each of the five mistakes named beside its own field, and nothing else marked. */
async function expectFiveErrors(page: Page, { account, auth, msg, rule }: Texts) {
  await expectFieldError(page.getByLabel(start(auth.phone)), msg.invalidPhoneDot);
  await expectFieldError(page.getByLabel(new RegExp(`^${auth.password}( \\*)?$`)), rule.passwordTooShort);
  await expectFieldError(page.getByLabel(start(account.confirmPassword)), msg.passwordsMismatch);
  await expectFieldError(page.getByLabel(start(account.pincode)), rule.pincodeInvalid);
  await expectFieldError(page.getByRole('combobox', { name: start(account.area) }), msg.fillRequired);
  for (const text of [msg.invalidPhoneDot, rule.passwordTooShort, msg.passwordsMismatch, rule.pincodeInvalid, msg.fillRequired])
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  // the right fields only, and no banner in place of them
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(5);
  await expect(page.getByTestId('register-error')).toHaveCount(0);
}

test.describe('English at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('registration with five mistakes names each one beside its field and sends nothing', async ({ page }) => {
    const sent = countRequests(page, 'POST', '/api/users');
    await registerWithFiveMistakes(page, EN);
    await expectFiveErrors(page, EN);
    await page.screenshot({ path: path.join(os.tmpdir(), 'register-errors-en-1280.png'), fullPage: true });
    expect(sent.count).toBe(0);

    // each message goes as soon as its field is fixed
    await page.getByLabel(start(ACCOUNT_EN.pincode)).fill('600020');
    await expect(page.getByLabel(start(ACCOUNT_EN.pincode))).not.toHaveAttribute('aria-invalid');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(4);
  });

  test('a field stops at the limit the server takes', async ({ page }) => {
    await page.goto('/register');
    const name = page.getByLabel(start(ACCOUNT_EN.name));
    await name.fill('x'.repeat(10_000));
    await expect(name).toHaveValue('x'.repeat(100));
  });

  test('the product form refuses what the server refuses, beside the field, and sends nothing', async ({ page }) => {
    const sent = countRequests(page, 'POST', '/api/products');
    await signIn(page, DEMO.vendor);
    await page.goto('/createProduct');
    await page.getByLabel(/^Name/).fill('Form Check Rice');
    await page.getByLabel(/^Price \(MRP\)/).fill('120');
    await page.getByLabel(/^Shop price/).fill('100');
    await page.getByLabel(/^Discount per unit/).fill('150');
    await page.getByLabel(/^Count in stock/).fill('40');
    await page.getByLabel(/^Reorder level/).fill('5');
    for (const list of ['Category', 'Subcategory', 'GST']) {
      await page.getByRole('combobox', { name: list, exact: true }).click();
      await page.getByRole('option').first().click();
    }
    // an EAN-13 whose last digit is not its check digit (8901234567890 is right)
    await page.getByLabel(/^Barcode/).fill('8901234567891');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'form-errors-'));
    fs.writeFileSync(path.join(dir, 'rice.png'), Buffer.from(PNG, 'base64'));
    await page.locator('input[type="file"]').setInputFiles(path.join(dir, 'rice.png'));
    await expect(page.getByTestId('uploaded-image')).toHaveCount(1);
    await page.getByRole('button', { name: 'Create Product' }).click();

    await expectFieldError(page.getByLabel(/^Discount per unit/), RULE_MSG.discountOverPrice);
    await expectFieldError(page.getByLabel(/^Barcode/), RULE_MSG.barcodeCheckDigit);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();
    // the first field in error is brought into view (the sticky header would cover it in a full-page capture)
    await expect(page.getByLabel(/^Discount per unit/)).toBeInViewport();
    await page.screenshot({ path: path.join(os.tmpdir(), 'product-form-errors-1280.png') });
    expect(sent.count).toBe(0);
  });
});

test.describe('Tamil at 390x844', () => {
  test.use({ locale: 'ta-IN', viewport: { width: 390, height: 844 } });

  test('registration with five mistakes names each one beside its field, in Tamil', async ({ page }) => {
    const sent = countRequests(page, 'POST', '/api/users');
    await registerWithFiveMistakes(page, TA);
    await expectFiveErrors(page, TA);
    await page.screenshot({ path: path.join(os.tmpdir(), 'register-errors-ta-390.png'), fullPage: true });
    expect(sent.count).toBe(0);
  });
});

test('Update Profile refuses a 4-digit pincode beside the field and sends nothing', async ({ page }) => {
  const sent = countRequests(page, 'PUT', '/api/users/profile');
  await signIn(page, DEMO.customer);
  await page.goto('/update-profile');
  const first = page.getByTestId('address-fields').first();
  await first.getByLabel(/^Pincode/).fill('6000');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectFieldError(first.getByLabel(/^Pincode/), RULE_MSG.pincodeInvalid);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/update-profile$/);
  await page.screenshot({ path: path.join(os.tmpdir(), 'profile-pincode-390.png') });
  expect(sent.count).toBe(0);
});
