import { describe, expect, it } from 'vitest';
import { emptyLine, withProduct, withQuantity } from '../../../core/shop-order';
import type { ProductDto } from '../../../core/schemas/product';
import { type CounterBill, doneBill, runningBill } from '../../../src/features/shop-order/display-bill';

const rice = {
  _id: 'p-rice',
  name: 'Ponni rice',
  Tamil: 'பொன்னி அரிசி',
  shopPrice: 68,
  discount: 0,
  vendorId: 'v',
  unit: 'kg',
} as ProductDto;
const soap = { _id: 'p-soap', name: 'Soap', Tamil: '', shopPrice: 45.5, discount: 0, vendorId: 'v', unit: 'pcs' } as ProductDto;
const lines = [withQuantity(withProduct(emptyLine(), rice), 1.25), withProduct(emptyLine(), soap), emptyLine()];

const counter = (extra: Partial<CounterBill> = {}): CounterBill => ({
  lines,
  products: [rice, soap],
  total: 130.5,
  payment: { handedOver: true, status: 'Paid', method: 'cash' },
  saleId: '0b7c6c61-5d0c-4d8e-9d54-8cf1f0f0a002',
  shop: 'Anbu Stores',
  upiId: 'anbu@okaxis',
  upiByProvider: false,
  ...extra,
});

describe("the counter's bill for the customer display", () => {
  it('has each rung-up line with both names, its quantity and amount, and the total', () => {
    expect(runningBill(counter())).toEqual({
      phase: 'bill',
      shop: 'Anbu Stores',
      lines: [
        { name: 'Ponni rice', nameTa: 'பொன்னி அரிசி', qty: 1.25, unit: 'kg', amount: 85 },
        { name: 'Soap', nameTa: '', qty: 1, unit: 'pcs', amount: 45.5 },
      ],
      more: 0,
      total: 130.5,
      payment: { method: 'cash' },
    });
    expect(runningBill(counter({ lines: [emptyLine()], total: 0 }))).toMatchObject({ phase: 'idle', lines: [], total: 0, payment: null });
  });

  it("shows the shop's own QR for the exact amount while UPI is chosen, and none when its provider makes the QR", () => {
    const upi = runningBill(counter({ payment: { handedOver: true, status: 'Paid', method: 'upi' } })).payment!;
    expect(upi.amount).toBe(130.5);
    expect(upi.upiUri).toMatch(/^upi:\/\/pay\?pa=anbu@okaxis&pn=Anbu%20Stores&am=130\.50&cu=INR&tn=Sale%20/);
    const parts = [
      { method: 'cash' as const, amount: 100 },
      { method: 'upi' as const, amount: 30.5 },
    ];
    expect(runningBill(counter({ payment: { handedOver: true, status: 'Paid', method: 'cash', parts } })).payment).toMatchObject({
      method: 'split',
      amount: 30.5,
    });
    expect(runningBill(counter({ upiByProvider: true, payment: { handedOver: true, status: 'Paid', method: 'upi' } })).payment).toEqual({
      method: 'upi',
    });
    expect(runningBill(counter({ payment: { handedOver: false, status: 'Pending', method: 'cash' } })).payment).toBeNull();
  });

  it('keeps only the newest 40 lines and counts the rest', () => {
    const many = Array.from({ length: 45 }, (_, i) => withProduct(emptyLine(`k${i}`), { ...soap, _id: `p${i}` }));
    const bill = runningBill(counter({ lines: many, products: many.map((l, i) => ({ ...soap, _id: l.productId, name: `Item ${i}` })) }));
    expect(bill.lines).toHaveLength(40);
    expect(bill.more).toBe(5);
    expect(bill.lines.at(-1)!.name).toBe('Item 44');
  });

  it('says thank you for a recorded sale: paid at once is received; a UPI payment the provider confirms waits for it', () => {
    const sale = { id: '0b7c6c61-5d0c-4d8e-9d54-8cf1f0f0a003', total: 130.5 };
    expect(doneBill(counter(), sale)).toMatchObject({
      phase: 'done',
      total: 130.5,
      payment: { method: 'cash', amount: 130.5, received: true },
    });
    const provider = counter({ upiByProvider: true, payment: { handedOver: true, status: 'Paid', method: 'upi' } });
    expect(doneBill(provider, sale).payment).toEqual({ method: 'upi', orderId: sale.id });
    const credit = counter({ payment: { handedOver: true, status: 'Paid', method: 'credit' } });
    expect(doneBill(credit, sale).payment).toEqual({ method: 'credit' });
    const parts = [
      { method: 'cash' as const, amount: 100 },
      { method: 'credit' as const, amount: 30.5 },
    ];
    expect(doneBill(counter({ payment: { handedOver: true, status: 'Paid', method: 'cash', parts } }), sale).payment).toEqual({
      method: 'split',
      amount: 100,
      received: true,
    });
  });
});
