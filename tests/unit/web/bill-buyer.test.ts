import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../core/schemas/order';
import { billFromOrder, isTaxInvoice, taxByRate } from '../../../src/features/shop-order/bill-data';
import { billText } from '../../../src/features/shop-order/bill-share';
import { thermalBill } from '../../../src/features/shop-order/thermal-bill';
import { loadNamespaces, translate } from '../../../src/lib/i18n';

/** A counter sale of 4 soaps at ₹59 (18 %) to a Karnataka hotel; `igst` when the goods were sent there. */
function order(igst: boolean, buyer: OrderDto['buyer']): OrderDto {
  return {
    _id: 'o1',
    orderNumber: 14,
    invoiceNumber: 'MS/26/000014',
    invoiceDate: '2026-11-27T05:00:00.000Z',
    createdAt: '2026-11-27T05:00:00.000Z',
    isShop: true,
    status: 'Delivered',
    paymentStatus: 'Paid',
    paymentMethod: 'cash',
    placeOfSupply: igst ? '29' : '33',
    buyer,
    shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' },
    vendorId: { name: 'Murugan', shopName: 'Murugan Stores', address: 'Chennai', gstNumber: '33AABCM1234F1Z4', upiId: '' },
    customerId: null,
    totalAmount: 236,
    totalDiscount: 0,
    totalDeliveryDiscount: 0,
    totalPayable: 236,
    voidedAt: null,
    products: [
      {
        name: 'Soap',
        nameTa: '',
        hsnCode: '3401',
        quantity: 4,
        unit: 'pcs',
        price: 59,
        discount: 0,
        lineTotal: 236,
        gstRate: 18,
        taxable: 200,
        cgst: igst ? 0 : 18,
        sgst: igst ? 0 : 18,
        igst: igst ? 36 : 0,
      },
    ],
  } as unknown as OrderDto;
}
const KA_HOTEL = { name: 'Hotel Udupi', phone: '9845012345', gstin: '29AAGCB1286Q1Z0', address: '12 MG Road, Bengaluru', stateCode: '29' };

describe('the bill of a sale to a business buyer', () => {
  it('keeps the buyer and the place of supply; a tax invoice', () => {
    const b = billFromOrder(order(false, KA_HOTEL));
    expect(b.buyer).toEqual(KA_HOTEL);
    expect(b.placeOfSupply).toBe('33');
    expect(isTaxInvoice(b)).toBe(true);
  });

  it('goods sent to Karnataka: IGST per rate in the shared text, with the GSTIN and place of supply', async () => {
    const b = billFromOrder(order(true, KA_HOTEL));
    expect(taxByRate(b.lines)).toEqual([{ rate: 18, taxablePaise: 20000, cgstPaise: 0, sgstPaise: 0, igstPaise: 3600 }]);
    const text = await billText(b, 'en');
    expect(text).toContain('Bill to: Hotel Udupi');
    expect(text).toContain('GSTIN 29AAGCB1286Q1Z0');
    expect(text).toContain('State: 29-Karnataka');
    expect(text).toContain('Place of supply: 29-Karnataka');
    expect(text).toContain('GST 18%: taxable ₹200.00, IGST ₹36.00');
    expect(text).not.toContain('CGST');
  });

  it('at the counter: CGST + SGST; a buyer without a GSTIN is named with the phone; no buyer, no block', async () => {
    const counter = await billText(billFromOrder(order(false, KA_HOTEL)), 'en');
    expect(counter).toContain('CGST ₹18.00, SGST ₹18.00');
    expect(counter).toContain('Place of supply: 33-Tamil Nadu');
    const walkIn = await billText(billFromOrder(order(false, { ...KA_HOTEL, gstin: '', address: '' })), 'en');
    expect(walkIn).toContain('Bill to: Hotel Udupi\n9845012345\n');
    expect(billFromOrder(order(false, null)).buyer).toBeNull();
    expect(await billText(billFromOrder(order(false, null)), 'en')).not.toContain('Bill to');
  });

  it("is shared in the bill's language: Tamil labels, names, units and the amount in words", async () => {
    const b = billFromOrder({ ...order(false, KA_HOTEL), billLanguage: 'ta' });
    expect(b.language).toBe('ta');
    const text = await billText({ ...b, lines: b.lines.map((l) => ({ ...l, nameTa: 'சோப்பு' })) }, 'ta');
    expect(text).toContain('வரி விலைப்பட்டியல்');
    expect(text).toContain('பில் பெறுபவர்: Hotel Udupi');
    expect(text).toContain('விநியோக இடம்: 33-Tamil Nadu');
    expect(text).toContain('சோப்பு');
    expect(text).toContain('மொத்தம்: ₹236.00');
    expect(text).toContain('ரூபாய் இருநூற்று முப்பத்து ஆறு மட்டும்');
    expect(text).toContain('செலுத்தப்பட்டது (ரொக்கம்)');
    expect(text).not.toContain('Bill to');
  });

  it("prints on the receipt printer in the bill's language, the buyer's labels too", async () => {
    await loadNamespaces(['receipt', 'common'], 'ta');
    const doc = thermalBill(
      billFromOrder(order(false, KA_HOTEL)),
      (k, p) => translate('receipt', k, p, 'ta'),
      'ta',
      () => '',
    );
    const texts = doc.lines.flatMap((l) => (l.kind === 'text' ? [l.text] : l.kind === 'pair' ? [l.left, l.right] : []));
    expect(texts).toContain('வரி விலைப்பட்டியல்');
    expect(texts).toContain('பில் பெறுபவர்: Hotel Udupi');
    expect(texts).toContain('மாநிலம்');
    expect(texts).not.toContain('Bill to: Hotel Udupi');
  });
});
