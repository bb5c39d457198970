import type { LoyaltyRates } from '../../../core/loyalty';
import { type ShopOrderLine, type ShopSaleLine, shopSaleLinePaise } from '../../../core/shop-order';
import { salePoints } from './queued-points';
import { displayLineOf, type ShopSaleDisplay } from './shop-sale';
import { soldInKey } from '../../../core/packs';

/**
 * A queued sale's lines as the counter's form holds them, so the counter's pricing (use-counter-pricing.ts:
 * the customer's price list, quantity breaks, schemes, the pack's factor) prices an edited sale as the server will.
 * A line is told apart by its product and pack (core/shop-order-packs.ts soldInKey): that is its key.
 */
export const asCounterLines = (lines: readonly ShopSaleLine[], display: ShopSaleDisplay | undefined): ShopOrderLine[] =>
  lines.map((l) => ({
    key: soldInKey(l),
    category: '',
    subcategory: '',
    productId: l.productId,
    vendorId: l.vendorId,
    price: l.price,
    discount: l.unitDiscount ?? 0,
    quantity: l.quantity,
    unit: displayLineOf(display?.lines, l)?.unit ?? 'pcs',
    ...(l.pack ? { pack: l.pack } : {}),
  }));

/**
 * What an edited sale charges: the priced lines' totals (paise) less the points it redeems, at most what the
 * smaller bill allows (core/loyalty.ts). Without the shop's rates (a sale queued before they were kept with it)
 * the points stay as they were and the total is left to the server (`totalPaise` null).
 */
export function editedSaleTotal(
  lineTotalsPaise: readonly number[],
  redeemPoints: number | undefined,
  rates: LoyaltyRates | undefined,
): { totalPaise: number | null; billPaise: number; redeemPoints: number | undefined; offPaise: number } {
  const billPaise = lineTotalsPaise.reduce((s, p) => s + p, 0);
  if (!redeemPoints) return { totalPaise: billPaise, billPaise, redeemPoints: undefined, offPaise: 0 };
  if (!rates) return { totalPaise: null, billPaise, redeemPoints, offPaise: 0 };
  const p = salePoints(lineTotalsPaise, redeemPoints, rates);
  return { totalPaise: billPaise - p.valuePaise, billPaise, redeemPoints: p.redeemed || undefined, offPaise: p.valuePaise };
}

/** Each line's total (paise) as the counter's pricing gave it (by product and pack), else at its own price and discount. */
export const pricedTotalsPaise = (lines: readonly ShopSaleLine[], byKey: ReadonlyMap<string, { totalPaise: number }>): number[] =>
  lines.map((l) => byKey.get(soldInKey(l))?.totalPaise ?? shopSaleLinePaise(l).totalPaise);
