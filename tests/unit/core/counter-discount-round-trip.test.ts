import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDayClose } from '../../../core/day-close';
import { toPaise } from '../../../core/money';
import { shopLineUnitDiscountPaise, splitByVendor } from '../../../core/order-rules';
import { createOrderSchema, type ShopOrderInput } from '../../../core/schemas/order';
import { shopLineTotal, shopOrderTotal, shopSaleTotal, toPerUnitDiscount, toShopOrderPayload } from '../../../core/shop-order';
import { billFromQueuedSale } from '../../../src/features/shop-order/bill-data';
import type { QueuedShopSale } from '../../../src/features/shop-order/shop-sale';
import { counterLine } from '../../support/counter-lines';

/**
 * The counter's per-unit discount of loose goods, typed at the sale screen, is what the sale is
 * sent with, what the server records per unit, what each line and the sale come to on the screen,
 * on the queued sale's provisional bill and in the day's close: to the paisa, for any price,
 * discount up to the price, and quantity with up to 3 decimals.
 */

const address = { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' };
const vendorId = '6f1c1b1e-0000-4000-8000-000000000001';
const productId = (i: number) => `6f1c1b1e-1111-4111-8111-${String(i).padStart(12, '0')}`;

/** The counter discount rule, on integers apart from the code under test: amount x thousandths / 1000, rounded half-up. */
const roundHalfUp = (paisePerUnit: number, milli: number) => Number((BigInt(paisePerUnit) * BigInt(milli) * 2n + 1000n) / 2000n);

/** One line as the cashier types it: price and discount in paise (discount at most the price), the quantity in thousandths. */
const typedLine = fc.integer({ min: 1, max: 1_000_000 }).chain((pricePaise) =>
  fc.record({
    pricePaise: fc.constant(pricePaise),
    discountPaise: fc.integer({ min: 0, max: pricePaise }),
    milli: fc.integer({ min: 1, max: 1_000_000 }),
    /** The number input gives a number, or the text as typed. */
    asText: fc.boolean(),
  }),
);

describe('the counter discount: typed, sent, stored, billed and summed alike', () => {
  it('holds for 10,000 sales of loose goods', () => {
    fc.assert(
      fc.property(fc.array(typedLine, { minLength: 1, maxLength: 4 }), (typed) => {
        const form = typed.map((t, i) => {
          const product = { _id: productId(i), shopPrice: t.pricePaise / 100, discount: 0, vendorId, unit: 'kg' };
          const quantity = (t.milli / 1000).toString();
          const discount = t.asText ? (t.discountPaise / 100).toFixed(2) : t.discountPaise / 100;
          return counterLine(`k${i}`, product, quantity, discount);
        });
        const expected = typed.map((t) => roundHalfUp(t.pricePaise - t.discountPaise, t.milli));
        const gross = typed.map((t) => roundHalfUp(t.pricePaise, t.milli));
        const net = expected.reduce((a, b) => a + b, 0);
        const grossSum = gross.reduce((a, b) => a + b, 0);

        // the sale screen
        expect(form.map((l) => toPaise(shopLineTotal(l)))).toEqual(expected);
        expect(toPaise(shopOrderTotal(form))).toBe(net);

        // the request, over the wire and through the server's schema
        const payload = toShopOrderPayload(form, address, 'Paid', 'cash', true);
        const parsed = createOrderSchema.parse(JSON.parse(JSON.stringify(payload))) as ShopOrderInput;

        // the server: the per-unit discount it stores, the lines and the order it writes
        const stored = parsed.products.map((l, i) => shopLineUnitDiscountPaise(l, typed[i].pricePaise));
        expect(stored).toEqual(typed.map((t) => t.discountPaise));
        const [plan] = splitByVendor(
          parsed.products.map((l, i) => ({
            productId: l.productId,
            vendorId,
            quantity: l.quantity,
            unitPricePaise: typed[i].pricePaise,
            unitDiscountPaise: stored[i],
          })),
          false,
        );
        expect(plan.lineTotalsPaise).toEqual(expected);
        expect(plan.itemsPaise).toBe(net);
        expect(plan.discountPaise).toBe(grossSum - net);

        // the day's close of that order
        const close = computeDayClose(
          [
            {
              paymentStatus: 'Paid',
              paymentMethod: 'cash',
              itemsPaise: plan.itemsPaise,
              discountPaise: plan.discountPaise,
              deliveryDiscountPaise: 0,
              lines: [],
            },
          ],
          [],
        );
        expect(close).toMatchObject({ grossPaise: grossSum, lineDiscountPaise: grossSum - net, netPaise: net });
        expect(close.payments.cash).toBe(net);

        // the queued sale: its total and its provisional bill
        expect(toPaise(shopSaleTotal(payload.products))).toBe(net);
        const queued = {
          id: productId(99),
          body: { ...payload, _id: productId(99), createdAt: new Date(0).toISOString() },
        } as QueuedShopSale;
        const bill = billFromQueuedSale(queued, { name: 'Shop', gstNumber: '', addresses: [], vendorDetails: undefined } as never);
        expect(bill.lines.map((l) => l.discountPaise)).toEqual(typed.map((t) => t.discountPaise));
        expect(bill.lines.map((l) => l.amountPaise)).toEqual(expected);
        expect(bill).toMatchObject({ itemsPaise: net, totalPaise: net, savedPaise: grossSum - net });

        // the queued-sale editor keeps the discount per unit
        expect(payload.products.map((l) => toPaise(toPerUnitDiscount(l).unitDiscount!))).toEqual(typed.map((t) => t.discountPaise));
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
