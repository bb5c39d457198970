import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lineTax } from '../../../core/gst';
import type { LoyaltyRates } from '../../../core/loyalty';
import type { PriceListDto, SchemeDto } from '../../../core/schemas/pricing';
import type { ProductDto } from '../../../core/schemas/product';
import type { ShopOrderPayload, ShopSaleLine } from '../../../core/shop-order';
import { billFromQueuedSale } from '../../../src/features/shop-order/bill-data';
import { priceForm } from '../../../src/features/shop-order/counter-pricing-engine';
import { deviceBalance, heldPoints } from '../../../src/features/shop-order/queued-points';
import { asCounterLines, editedSaleTotal, pricedTotalsPaise } from '../../../src/features/shop-order/queued-sale-total';
import { type QueuedShopSale, SHOP_SALE, type ShopSaleDisplay } from '../../../src/features/shop-order/shop-sale';
import { shopSaleRequest } from '../../../src/features/shop-order/shop-sale-outbox';
import { type OfflineDb, openOfflineDb } from '../../../src/offline/db';
import { discardItem, listOutbox, queueRequest } from '../../../src/offline/outbox';

/**
 * A counter sale still in the outbox, its points and its edits (src/features/shop-order/queued-*.ts): the editor
 * prices the edited lines with the counter's engine (schemes, price lists, packs), the provisional bill shows the
 * points as the server will, and the balance this device shows is less what its queued sales redeem.
 */

const SHOP = '11111111-1111-4111-8111-111111111111';
const CUSTOMER = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';
const SOAP = 'bbbbbbbb-0000-4000-8000-000000000001';
const RICE = 'bbbbbbbb-0000-4000-8000-000000000002';
const ALWAYS = { from: '2000-01-01', to: '2099-12-31', endedAt: null };
// one point earned per ₹100 paid, ₹1 off per point redeemed
const RATES: LoyaltyRates = { pointsPer100: 1, pointValuePaise: 100 };

const product = (_id: string, extra: Partial<ProductDto> = {}) =>
  ({ _id, name: _id, categoryId: 'cat', vendorId: SHOP, shopPrice: 50, unit: 'pcs', ...extra }) as unknown as ProductDto;
const products = [product(SOAP), product(RICE, { unit: 'kg', packs: [{ name: 'Bag', factor: 25, price: 1200 }] } as Partial<ProductDto>)];
const buy2get1: SchemeDto = {
  _id: 's1',
  name: 'Buy 2 get 1',
  kind: 'buyXgetY',
  buy: { productId: SOAP, quantity: 2 },
  get: { productId: SOAP, quantity: 1 },
  ...ALWAYS,
};
const soap = (quantity: number): ShopSaleLine => ({ vendorId: SHOP, productId: SOAP, price: 50, quantity, unitDiscount: 0 });
const display: ShopSaleDisplay = { lines: [{ productId: SOAP, name: 'Soap', unit: 'pcs', gstRate: 18, hsnCode: '3401' }] };

/** The editor's total (queued-sale-editor.tsx): the counter's pricing of the kept lines, less the points. */
const editorTotal = (lines: ShopSaleLine[], redeem: number | undefined, schemes: SchemeDto[], list?: PriceListDto) => {
  const pricing = priceForm(asCounterLines(lines, display), products, list, schemes);
  return editedSaleTotal(pricedTotalsPaise(lines, pricing.byKey), redeem, RATES);
};

describe('the queued sale editor prices as the counter and the server do', () => {
  it('applies a buy 2 get 1 scheme to the new quantity', () => {
    // 6 soaps at ₹50: 2 free, ₹200; without the scheme it would be ₹300
    expect(editorTotal([soap(6)], undefined, [buy2get1]).totalPaise).toBe(20_000);
    expect(editorTotal([soap(6)], undefined, []).totalPaise).toBe(30_000);
  });

  it('takes the points redeemed off the priced bill, fewer when the bill got too small for them', () => {
    expect(editorTotal([soap(6)], 30, [buy2get1])).toMatchObject({ totalPaise: 17_000, redeemPoints: 30, offPaise: 3_000 });
    // 3 soaps with the scheme: ₹100, at most 100 points
    expect(editorTotal([soap(3)], 150, [buy2get1])).toMatchObject({ totalPaise: 0, redeemPoints: 100, offPaise: 10_000 });
  });

  it("prices a pack with the customer's price list times the pack's factor", () => {
    const list: PriceListDto = {
      _id: 'pl',
      name: 'Wholesale',
      createdAt: '2026-01-01',
      rules: [{ productId: RICE, categoryId: null, price: 45, percentOff: null, minQuantity: null }],
    };
    const bags: ShopSaleLine = { vendorId: SHOP, productId: RICE, price: 1200, quantity: 2, unitDiscount: 0, pack: 'Bag' };
    // ₹45 a kg × 25 kg × 2 bags
    expect(editorTotal([bags], undefined, [], list).totalPaise).toBe(225_000);
  });

  it('leaves the total to the server when the sale was queued without the rates', () => {
    const pricing = priceForm(asCounterLines([soap(6)], display), products, undefined, [buy2get1]);
    expect(editedSaleTotal(pricedTotalsPaise([soap(6)], pricing.byKey), 30, undefined)).toMatchObject({
      totalPaise: null,
      redeemPoints: 30,
    });
  });
});

const queued = (payload: Partial<ShopOrderPayload>, shown: ShopSaleDisplay = display): QueuedShopSale => {
  const [req, opts] = shopSaleRequest(
    {
      isShop: true,
      products: [soap(6)],
      shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' },
      paymentStatus: 'Paid',
      paymentMethod: 'cash',
      ...payload,
    },
    shown,
    Date.parse('2026-11-30T10:00:00+05:30'),
  );
  return {
    id: opts.id!,
    userId: SHOP,
    kind: SHOP_SALE,
    ...req,
    createdAt: 0,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
  } as QueuedShopSale;
};

describe('the provisional bill of a queued sale shows its points as the server will', () => {
  const priced: ShopSaleDisplay = {
    ...display,
    lines: [
      {
        ...display.lines[0],
        pricing: { ...priceForm(asCounterLines([soap(6)], display), products, undefined, [buy2get1]).byKey.get(SOAP)!, quantity: 6 },
      },
    ],
    loyalty: RATES,
  };
  const seller = { name: 'Meena Stores', gstNumber: '', addresses: [] };

  it('takes the points off the total, GST on what is paid, and counts the points earned on the rest', () => {
    const bill = billFromQueuedSale(queued({ customerId: CUSTOMER, redeemPoints: 30, tillTotal: 170 }, priced), seller);
    // the items before the points (₹200 after the scheme), ₹30 off, ₹170 paid earns 1 point
    expect(bill).toMatchObject({ itemsPaise: 20_000, totalPaise: 17_000, points: { redeemed: 30, valuePaise: 3_000, earned: 1 } });
    expect(bill.lines[0].amountPaise).toBe(20_000);
    // GST at 18 % on the ₹170 paid, not on the ₹200 before the points
    expect(bill.lines[0]).toMatchObject(lineTax(17_000, 18));
    expect(bill.lines[0].taxablePaise).toBeLessThan(lineTax(20_000, 18).taxablePaise);
  });

  it('a sale to a customer redeeming nothing still shows the points it earns; a walk-in sale none', () => {
    expect(billFromQueuedSale(queued({ customerId: CUSTOMER, tillTotal: 200 }, priced), seller).points).toEqual({
      redeemed: 0,
      valuePaise: 0,
      earned: 2,
    });
    expect(billFromQueuedSale(queued({ tillTotal: 200 }, priced), seller).points).toBeNull();
  });
});

describe("the customer's points on this device", () => {
  let db: OfflineDb;
  beforeEach(() => {
    db = openOfflineDb(`queued-points-${Math.random()}`);
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  const queue = async (payload: Partial<ShopOrderPayload>) => {
    const item = queued(payload);
    return queueRequest(SHOP, SHOP_SALE, { method: 'POST', path: 'Orders', body: item.body, label: 'sale' }, { id: item.id }, db);
  };

  it('drop by what the queued sales redeem, and come back when one is deleted', async () => {
    const first = await queue({ customerId: CUSTOMER, redeemPoints: 30 });
    await queue({ customerId: OTHER, redeemPoints: 50 });
    await queue({ customerId: CUSTOMER });
    expect(deviceBalance(100, await listOutbox(SHOP, db), CUSTOMER)).toBe(70);
    expect(heldPoints(await listOutbox(SHOP, db), OTHER)).toBe(50);

    await queue({ customerId: CUSTOMER, redeemPoints: 70 });
    // the same points are not offered twice
    expect(deviceBalance(100, await listOutbox(SHOP, db), CUSTOMER)).toBe(0);

    expect(await discardItem(SHOP, first.id, db)).toBe(true);
    expect(deviceBalance(100, await listOutbox(SHOP, db), CUSTOMER)).toBe(30);
  });
});
