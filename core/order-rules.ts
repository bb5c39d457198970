import { cappedDiscountPaise, lineDiscountPaise, lineTotalPaise } from './cart';
import { deliveryDiscountPaise, shareProportionally } from './delivery-discount';
import { floorToRupee, toPaise } from './money';
import { actTimeError } from './act-time';
import { type Coded, coded } from './coded';
import type { OrderStatus } from './order-statuses';

/** The first id that appears twice in a list, or undefined. */
export function firstDuplicate(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    const key = id.toLowerCase();
    if (seen.has(key)) return id;
    seen.add(key);
  }
  return undefined;
}

/**
 * Per-unit counter discount from a line's discount (per-unit discount times quantity, as clients sent
 * it before `unitDiscount`): divided by the quantity, rounded to the paisa and bounded to
 * [0, shop price]. Not always what was typed (₹1.00 / kg on 0.333 kg is 33 paise for the line, so
 * 99 paise a kg): kept only for sales such clients still have queued.
 */
export function shopUnitDiscountPaise(sentLineDiscountPaise: number, quantity: number, shopPricePaise: number): number {
  if (!(quantity > 0) || !(sentLineDiscountPaise > 0)) return 0;
  return cappedDiscountPaise(shopPricePaise, Math.round(sentLineDiscountPaise / quantity));
}

/** A shop-sale line's counter discount as sent: per unit (`unitDiscount`), or for the line (`discount`, older clients). Rupees. */
export interface ShopLineDiscount {
  quantity: number;
  unitDiscount?: number;
  discount?: number;
}

/**
 * The per-unit counter discount a shop (walk-in) sale line is recorded with, in paise: `unitDiscount`,
 * the amount per unit the cashier typed, bounded to [0, shop price] (so the line's discount never
 * exceeds its value); a line without it comes from an older client and its line `discount` is divided
 * back by the quantity (shopUnitDiscountPaise). The server records this, and the sale screen, the
 * queued sale and its provisional bill show lines from it, all through the one line rule
 * (core/cart lineTotalPaise).
 */
export function shopLineUnitDiscountPaise(line: ShopLineDiscount, shopPricePaise: number): number {
  if (line.unitDiscount !== undefined) return cappedDiscountPaise(shopPricePaise, toPaise(line.unitDiscount));
  return shopUnitDiscountPaise(toPaise(line.discount ?? 0), line.quantity, shopPricePaise);
}

export interface PricedOrderLine {
  productId: string;
  vendorId: string;
  quantity: number;
  unitPricePaise: number;
  unitDiscountPaise: number;
  /** The line's share of a scheme's discount (core/pricing.ts), taken off its total: GST is on what is paid. */
  schemeDiscountPaise?: number;
}

export interface VendorOrderPlan<L extends PricedOrderLine> {
  vendorId: string;
  lines: L[];
  /** Each line's total (net of its per-unit discount), in the order of `lines`. */
  lineTotalsPaise: number[];
  /** Each line's share of the order's delivery discount, in the order of `lines`. */
  lineDeliveryDiscountsPaise: number[];
  /** Sum of line totals (net of per-unit discounts). */
  itemsPaise: number;
  /** Sum of the lines' discounts (gross minus total of each line). */
  discountPaise: number;
  /** This order's share of the whole cart's delivery discount, with the round-off to a whole rupee. */
  deliveryDiscountPaise: number;
}

/**
 * Splits a priced cart into one order per vendor (in order of first appearance).
 * The delivery discount follows the slabs on the WHOLE cart's items total and is shared over the
 * vendor orders in proportion to their items value (largest remainder, exact paise). A delivery
 * order is payable in whole rupees: its share then grows by the paise that round its total DOWN to
 * the rupee (at most 99 paise, always in the customer's favour; an order under the slabs gets only
 * this round-off). Within an order the share is spread over its lines in proportion to their totals,
 * so each line's GST is on what it was really charged. Shop sales pass `withDeliveryDiscount = false`.
 */
export function splitByVendor<L extends PricedOrderLine>(lines: readonly L[], withDeliveryDiscount = true): VendorOrderPlan<L>[] {
  const groups = new Map<string, VendorOrderPlan<L>>();
  for (const l of lines) {
    let g = groups.get(l.vendorId);
    if (!g) {
      g = {
        vendorId: l.vendorId,
        lines: [],
        lineTotalsPaise: [],
        lineDeliveryDiscountsPaise: [],
        itemsPaise: 0,
        discountPaise: 0,
        deliveryDiscountPaise: 0,
      };
      groups.set(l.vendorId, g);
    }
    // a scheme's share comes off the line's total (bounded by it), so the line is charged what is paid
    const value = lineTotalPaise(l.unitPricePaise, l.unitDiscountPaise, l.quantity);
    const scheme = Math.min(Math.max(l.schemeDiscountPaise ?? 0, 0), value);
    const total = value - scheme;
    g.lines.push(l);
    g.lineTotalsPaise.push(total);
    g.lineDeliveryDiscountsPaise.push(0);
    g.itemsPaise += total;
    g.discountPaise += lineDiscountPaise(l.unitPricePaise, l.unitDiscountPaise, l.quantity) + scheme;
  }
  const plans = [...groups.values()];
  if (withDeliveryDiscount) {
    const shares = orderDeliveryDiscountsPaise(plans.map((p) => p.itemsPaise));
    plans.forEach((p, i) => {
      p.deliveryDiscountPaise = shares[i];
      p.lineDeliveryDiscountsPaise = shareProportionally(p.deliveryDiscountPaise, p.lineTotalsPaise);
    });
  }
  return plans;
}

/**
 * The delivery discount of each vendor order of one cart, from the orders' items totals: the slab on
 * the whole cart shared in proportion (exact paise), each share then grown so the order's total is
 * rounded down to a whole rupee. The cart screen and checkout both use it.
 */
export function orderDeliveryDiscountsPaise(itemsPaise: readonly number[]): number[] {
  const shares = shareProportionally(deliveryDiscountPaise(itemsPaise.reduce((a, b) => a + b, 0)), [...itemsPaise]);
  return itemsPaise.map((items, i) => items - floorToRupee(Math.max(items - shares[i], 0)));
}

/** A counter sale's time (recorded offline, synced later): the rule of every act's time (core/act-time), in the sale's words. */
export const shopSaleTimeError = (saleTime: Date, now = new Date()): Coded | undefined =>
  actTimeError(saleTime, { now, codes: { invalid: 'saleTimeInvalid', future: 'saleTimeFuture', tooOld: 'saleTimeTooOld' } });

/**
 * The status changes an order may make, the one place they are defined. Pending goes to Delivered
 * (Mark Delivered, or the status call) or is deleted (a cancellation: its stock goes back).
 * Delivered is final: it never returns to Pending, so a delivered order is never deleted or restocked.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Pending: ['Delivered'],
  Delivered: [],
};

/** Statuses from which an order may be deleted (its stock is put back). */
export const DELETABLE_STATUSES: readonly OrderStatus[] = ['Pending'];

export const canChangeStatus = (from: string, to: OrderStatus): boolean =>
  (ORDER_TRANSITIONS as Record<string, readonly OrderStatus[] | undefined>)[from]?.includes(to) ?? false;

export const canDeleteOrder = (status: string): boolean => (DELETABLE_STATUSES as readonly string[]).includes(status);

/** Why an order in status `from` may not go to `to`, or undefined when it may (the same status is no change, allowed). */
export function statusChangeError(from: string, to: OrderStatus): Coded | undefined {
  if (from === to || canChangeStatus(from, to)) return undefined;
  if (from === 'Delivered') return coded('deliveredIsFinal');
  return coded('statusNotAllowed', { from, to });
}
