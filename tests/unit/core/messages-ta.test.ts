import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Coded, MessageCode } from '../../../core/coded';
import { barcodeError } from '../../../core/barcode';
import { gstinProblem, gstinProblemCode } from '../../../core/gstin';
import { messageText } from '../../../core/message-text';
import { MSG } from '../../../core/messages';
import { MSG_TA } from '../../../core/messages-ta';
import { shopSaleTimeError, statusChangeError } from '../../../core/order-rules';
import { RULE_MSG } from '../../../core/rule-messages';
import { RULE_MSG_TA } from '../../../core/rule-messages-ta';
import { createOrderSchema } from '../../../core/schemas/order';
import { productCreateSchema } from '../../../core/schemas/product';
import { profileUpdateSchema, registerSchema } from '../../../core/schemas/user';
import { validateShopOrder } from '../../../core/shop-order';
import { quantityError, stockError } from '../../../core/units';
import { codeErrorMap, issueToCoded } from '../../../core/zod-codes';

const TAMIL = /[\u0B80-\u0BFF]/;

/** A coded message's text in both languages: Tamil script, and not the English text. */
function bothTexts(c: Coded): { en: string; ta: string } {
  const en = messageText(c.code, 'en', c.params);
  const ta = messageText(c.code, 'ta', c.params);
  expect(ta, c.code).toMatch(TAMIL);
  expect(ta, c.code).not.toBe(en);
  return { en, ta };
}

/** The first issue of a failed parse, coded as the server codes it. */
function firstIssue(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data, { error: codeErrorMap });
  expect(result.success).toBe(false);
  return issueToCoded(result.error!.issues[0]);
}

describe('the Tamil catalogues', () => {
  it('MSG_TA has a Tamil text for every key of MSG, and no other key', () => {
    expect(Object.keys(MSG_TA).sort()).toEqual(Object.keys(MSG).sort());
    for (const [key, en] of Object.entries(MSG)) {
      const ta = (MSG_TA as Record<string, unknown>)[key];
      expect(typeof ta, key).toBe(typeof en);
      const text = typeof ta === 'function' ? (ta as (p: { area: string }) => string)({ area: 'Adyar' }) : (ta as string);
      expect(text, key).toMatch(TAMIL);
      if (typeof ta === 'function') expect(text, key).toContain('Adyar');
    }
  });

  it('RULE_MSG_TA has a Tamil text for every key of RULE_MSG, and no other key', () => {
    expect(Object.keys(RULE_MSG_TA).sort()).toEqual(Object.keys(RULE_MSG).sort());
    for (const [key, ta] of Object.entries(RULE_MSG_TA)) {
      if (typeof ta === 'string') expect(ta, key).toMatch(TAMIL);
    }
  });

  it('messageText gives the English catalogue for en and the Tamil one for ta', () => {
    expect(messageText('productNotFound', 'en')).toBe(RULE_MSG.productNotFound);
    expect(messageText('productNotFound', 'ta')).toBe(RULE_MSG_TA.productNotFound);
    expect(messageText('noPendingOrdersFor', 'en', { area: 'Adyar' })).toBe('No pending orders found for Adyar.');
    expect(messageText('noPendingOrdersFor', 'ta', { area: 'Adyar' })).toBe(MSG_TA.noPendingOrdersFor({ area: 'Adyar' }));
  });
});

describe("core's rules answer codes with a Tamil text", () => {
  it('quantities, stock, sale times and status changes', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const answers = [
      quantityError(0, 'kg'),
      quantityError(5000, 'kg'),
      quantityError(1.2345, 'kg'),
      quantityError(1.5, 'pcs', 'Soap'),
      quantityError(1.5, 'dozen'),
      stockError(-1, 'kg'),
      stockError(1.2345, 'kg'),
      stockError(1.5, 'bunch'),
      shopSaleTimeError(new Date(Number.NaN), now),
      shopSaleTimeError(new Date('2026-05-02T10:00:00Z'), now),
      shopSaleTimeError(new Date('2026-01-01T10:00:00Z'), now),
      statusChangeError('Delivered', 'Pending'),
      statusChangeError('Cancelled', 'Delivered'),
    ];
    const codes = answers.map((a) => a?.code);
    expect(codes).toEqual([
      'quantityPositive',
      'quantityTooLarge',
      'quantityDecimals',
      'quantityWhole',
      'quantityWhole',
      'stockNegative',
      'stockDecimals',
      'stockWhole',
      'saleTimeInvalid',
      'saleTimeFuture',
      'saleTimeTooOld',
      'deliveredIsFinal',
      'statusNotAllowed',
    ]);
    for (const a of answers) bothTexts(a!);
  });

  it('keep their values in Tamil: names, units and statuses in Tamil words', () => {
    expect(bothTexts(quantityError(1.5, 'pcs', 'Soap')!).ta).toContain('Soap');
    expect(bothTexts(quantityError(1.5, 'pcs')!)).toEqual({
      en: 'This product is sold in whole pieces: enter a whole quantity',
      ta: expect.stringContaining('இந்தப் பொருள்'),
    });
    expect(bothTexts(stockError(1.5, 'bunch')!).ta).toContain('கட்டு');
    expect(bothTexts(statusChangeError('Cancelled', 'Delivered')!).ta).toContain('டெலிவரி ஆனது');
    expect(messageText('notEnoughStock', 'ta', { name: 'தக்காளி' })).toBe('போதுமான இருப்பு இல்லை: தக்காளி');
    expect(messageText('productUnavailable', 'ta', { name: 'Ponni Rice' })).toContain('Ponni Rice');
    expect(messageText('categoryNameTaken', 'ta', { name: 'Oil' })).toContain('"Oil"');
  });

  it('barcodes, GSTINs and the counter form', () => {
    for (const code of [barcodeError('12 34'), barcodeError('4006381333932')]) bothTexts({ code: code! });
    for (const gstin of ['33AABCM1234F1Z', '29AABCM1234F1Z4', '33AABCM1234F1Z5'])
      bothTexts({ code: gstinProblemCode(gstinProblem(gstin)!) });
    const address = { address: '', city: 'Chennai', pincode: '600001', phoneNumber: '9876543210' };
    const code = validateShopOrder([], address);
    expect(code).toBe('incompleteShipping');
    bothTexts({ code: code! });
  });
});

describe("core's schemas answer codes with a Tamil text", () => {
  it('their own messages', () => {
    const cases: [z.ZodType, unknown, MessageCode, string][] = [
      [registerSchema, { name: 'A', phone: '12', password: 'secret1', address: {} }, 'invalidPhoneDot', 'phone'],
      [registerSchema, { name: 'A', phone: '9876543210', password: 'abc', address: {} }, 'passwordTooShort', 'password'],
      [
        registerSchema,
        { name: 'A', phone: '9876543210', password: 'secret1', address: { address: 'x', city: 'y', pincode: '6000', area: 'z' } },
        'pincodeInvalid',
        'address.pincode',
      ],
      [profileUpdateSchema, { gstNumber: '29AABCM1234F1Z4' }, 'gstinState', 'gstNumber'],
      [createOrderSchema, { products: [], shippingAddress: {} }, 'cartEmpty', 'products'],
    ];
    for (const [schema, data, code, field] of cases) {
      const issue = firstIssue(schema, data);
      expect(issue, code).toMatchObject({ code, field });
      bothTexts(issue);
    }
  });

  it("zod's own checks, keeping their limits", () => {
    const long = firstIssue(z.object({ name: z.string().max(100) }), { name: 'x'.repeat(101) });
    expect(long).toMatchObject({ code: 'tooLong', params: { max: 100 }, field: 'name' });
    expect(bothTexts(long).ta).toContain('100');
    const product = firstIssue(productCreateSchema.pick({ unit: true }), { unit: 'crate' });
    expect(product.code).toBe('unitInvalid');
    bothTexts(product);
    for (const [schema, data] of [
      [z.object({ a: z.string() }), {}],
      [z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }],
      [z.strictObject({}), { extra: 1 }],
      [z.array(z.string()).min(1), []],
      [z.uuid(), 'nope'],
    ] as const)
      bothTexts(firstIssue(schema, data));
  });
});
