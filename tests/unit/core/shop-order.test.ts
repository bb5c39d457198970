import { describe, expect, it } from 'vitest';
import {
  duplicateLineKeys,
  emptyLine,
  initialShopAddress,
  shopLineTotal,
  shopOrderTotal,
  toShopOrderPayload,
  validateShopOrder,
  withCategory,
  withDiscount,
  withProduct,
  withQuantity,
  withSubcategory,
} from '../../../core/shop-order';

const rice = { _id: 'p-rice', shopPrice: 60, discount: 5, vendorId: 'v1' };
const dal = { _id: 'p-dal', shopPrice: 120.5, discount: 0, vendorId: 'v1' };
const address = { address: '12 Main St', city: 'Madurai', pincode: '625001', phoneNumber: '9876500002' };

/** A line filled in on the form: category, subcategory, product and quantity. */
const filled = (key: string, product = rice, qty = 1) =>
  withQuantity(withProduct(withSubcategory(withCategory(emptyLine(key), 'Grocery'), 'Rice'), product), qty);

describe('shop order line resets', () => {
  it('changing category resets subcategory, product, vendor, quantity, price and discount', () => {
    const line = filled('a', rice, 3);
    const next = withCategory(line, 'Dairy');
    const reset = { subcategory: '', productId: '', vendorId: '', price: 0, discount: 0, quantity: 1, unit: 'pcs' };
    expect(next).toEqual({ key: 'a', category: 'Dairy', ...reset });
  });

  it('changing subcategory keeps the category and resets from product onward', () => {
    const next = withSubcategory(filled('a', rice, 4), 'Dal');
    expect(next).toMatchObject({
      key: 'a',
      category: 'Grocery',
      subcategory: 'Dal',
      productId: '',
      vendorId: '',
      price: 0,
      discount: 0,
      quantity: 1,
    });
  });

  it('choosing a product sets vendor, price and per-unit discount and resets quantity', () => {
    const line = withQuantity(withProduct(withSubcategory(withCategory(emptyLine('a'), 'G'), 'R'), dal), 7);
    const next = withProduct(line, rice);
    expect(next).toMatchObject({
      productId: 'p-rice',
      vendorId: 'v1',
      price: 60,
      discount: 5,
      quantity: 1,
      category: 'G',
      subcategory: 'R',
    });
  });

  it('clearing the product clears vendor, price and discount', () => {
    expect(withProduct(filled('a'), null)).toMatchObject({
      productId: '',
      vendorId: '',
      price: 0,
      discount: 0,
      category: 'Grocery',
      subcategory: 'Rice',
    });
  });

  it('quantity below 1 or not a number is kept as 0; discount is never negative', () => {
    expect(withQuantity(filled('a'), '').quantity).toBe(0);
    expect(withQuantity(filled('a'), -2).quantity).toBe(0);
    expect(withQuantity(filled('a'), '3').quantity).toBe(3);
    expect(withDiscount(filled('a'), -4).discount).toBe(0);
    expect(withDiscount(filled('a'), '2.5').discount).toBe(2.5);
  });
});

describe('line and order totals', () => {
  it('line total = max(shopPrice - discount, 0) x quantity', () => {
    expect(shopLineTotal(filled('a', rice, 3))).toBe(165);
    expect(shopLineTotal(withDiscount(filled('a', rice, 2), 100))).toBe(0);
    expect(shopLineTotal(emptyLine('x'))).toBe(0);
  });

  it('order total is the sum of line totals without float drift', () => {
    const lines = [filled('a', rice, 3), filled('b', dal, 3), emptyLine('c')];
    expect(shopOrderTotal(lines)).toBe(165 + 361.5);
    const tenths = [withDiscount(filled('a', { ...dal, shopPrice: 0.3 }, 3), 0.1)];
    expect(shopOrderTotal(tenths)).toBe(0.6);
  });
});

describe('duplicates and submit validation', () => {
  it('flags the repeated lines, not the first one', () => {
    const lines = [filled('a', rice), filled('b', dal), filled('c', rice), emptyLine('d'), emptyLine('e')];
    expect([...duplicateLineKeys(lines)]).toEqual(['c']);
  });

  it('checks the address first, then duplicates, then products and quantities', () => {
    expect(validateShopOrder([filled('a')], { ...address, city: ' ' })).toBe('incompleteShipping');
    expect(validateShopOrder([filled('a'), filled('b')], { ...address, phoneNumber: '' })).toBe('incompleteShipping');
    expect(validateShopOrder([filled('a'), filled('b')], address)).toBe('duplicateProducts');
    expect(validateShopOrder([filled('a'), emptyLine('b')], address)).toBe('invalidShopLines');
    expect(validateShopOrder([withQuantity(filled('a'), 0)], address)).toBe('invalidShopLines');
    expect(validateShopOrder([], address)).toBe('invalidShopLines');
    expect(validateShopOrder([filled('a', rice, 2), filled('b', dal, 1)], address)).toBeNull();
  });
});

describe('payload', () => {
  it('sends the per-unit discount as typed and a trimmed address', () => {
    const body = toShopOrderPayload([filled('a', rice, 3), filled('b', dal, 2)], { ...address, city: ' Madurai ' }, 'Pending');
    expect(body).toEqual({
      isShop: true,
      products: [
        { vendorId: 'v1', productId: 'p-rice', price: 60, quantity: 3, unitDiscount: 5 },
        { vendorId: 'v1', productId: 'p-dal', price: 120.5, quantity: 2, unitDiscount: 0 },
      ],
      shippingAddress: address,
      paymentStatus: 'Pending',
    });
  });

  it('never sends a discount above the price', () => {
    const body = toShopOrderPayload([withDiscount(filled('a', rice, 2), 80)], address, 'Paid');
    expect(body.products[0].unitDiscount).toBe(60);
  });

  it('starts from the first saved address', () => {
    expect(initialShopAddress([{ ...address, area: 'X' } as never, { address: 'b', city: 'c', pincode: '1', phoneNumber: '2' }])).toEqual(
      address,
    );
    expect(initialShopAddress([])).toEqual({ address: '', city: '', pincode: '', phoneNumber: '' });
    expect(initialShopAddress(undefined).address).toBe('');
  });
});

describe('loose goods at the counter', () => {
  const looseRice = { _id: 'p-loose', shopPrice: 68, discount: 0, vendorId: 'v1', unit: 'kg' };

  it('takes decimal quantities (up to 3) for a product sold by the kg; whole ones for pieces', () => {
    expect(filled('a', looseRice, 1.25).quantity).toBe(1.25);
    expect(withQuantity(filled('a', looseRice), '0.333').quantity).toBe(0.333);
    expect(withQuantity(filled('a', looseRice), '1.2345').quantity).toBe(0);
    expect(withQuantity(filled('a', rice), '1.5').quantity).toBe(0);
    expect(filled('a', looseRice).unit).toBe('kg');
    expect(filled('a', rice).unit).toBe('pcs');
  });

  it('1.25 kg at ₹68 / kg totals ₹85.00, as the server charges it', () => {
    const line = filled('a', looseRice, 1.25);
    expect(shopLineTotal(line)).toBe(85);
    expect(validateShopOrder([line], address)).toBeNull();
    const body = toShopOrderPayload([line], address, 'Paid', 'upi');
    expect(body.products[0]).toEqual({ vendorId: 'v1', productId: 'p-loose', price: 68, quantity: 1.25, unitDiscount: 0 });
    expect(body.paymentMethod).toBe('upi');
    // a counter discount of ₹4 / kg on 1.25 kg is sent as ₹4 / kg: ₹64 x 1.25 = ₹80.00
    expect(toShopOrderPayload([withDiscount(line, 4)], address, 'Paid').products[0].unitDiscount).toBe(4);
    expect(shopLineTotal(withDiscount(line, 4))).toBe(80);
  });

  it('₹1.00 / kg off at 0.333 kg is sent and kept as ₹1.00 / kg, not ₹0.99', () => {
    const line = withDiscount(filled('a', { ...looseRice, shopPrice: 99.99 }, 0.333), '1');
    expect(toShopOrderPayload([line], address, 'Paid').products[0].unitDiscount).toBe(1);
    // (₹99.99 - ₹1.00) x 0.333 = ₹32.96367, rounded half-up once (₹0.99 / kg would make it ₹32.97)
    expect(shopLineTotal(line)).toBe(32.96);
  });

  it('sends no payment method for a sale not yet paid', () => {
    expect(toShopOrderPayload([filled('a')], address, 'Pending', 'card').paymentMethod).toBeUndefined();
  });
});
