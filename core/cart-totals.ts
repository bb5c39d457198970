import { cappedDiscountPaise, lineDiscountPaise, lineTotalPaise } from './cart';
import { toPaise, toRupees } from './money';
import { orderDeliveryDiscountsPaise } from './order-rules';
import { itemCount } from './quantity';

export interface PricedLine {
  price: number; // rupees, per unit
  discount: number; // rupees, per unit
  qty: number;
  /** Groups the cart into one order per vendor (the delivery discount is rounded per order). */
  vendorId?: string;
  unit?: string;
}

export interface CartTotals {
  totalItems: number;
  itemsPrice: number;
  totalDiscount: number;
  totalDeliveryDiscount: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/**
 * Cart totals as checkout will charge them: items price net of per-unit discounts, and the delivery
 * discount of each vendor's order (order-rules orderDeliveryDiscountsPaise: the slab shared over the
 * vendor orders, each order's total rounded down to a whole rupee). Shipping and tax are 0 (prices
 * include tax).
 */
export function cartTotals(lines: PricedLine[]): CartTotals {
  let count = 0;
  let items = 0;
  let discount = 0;
  const byVendor = new Map<string, number>();
  for (const l of lines) {
    const price = toPaise(l.price);
    const disc = cappedDiscountPaise(price, toPaise(l.discount || 0));
    const total = lineTotalPaise(price, disc, l.qty);
    count += itemCount(l.qty, l.unit ?? 'pcs');
    items += total;
    discount += lineDiscountPaise(price, disc, l.qty);
    byVendor.set(l.vendorId ?? '', (byVendor.get(l.vendorId ?? '') ?? 0) + total);
  }
  const delivery = orderDeliveryDiscountsPaise([...byVendor.values()]).reduce((a, b) => a + b, 0);
  return {
    totalItems: count,
    itemsPrice: toRupees(items),
    totalDiscount: toRupees(discount),
    totalDeliveryDiscount: toRupees(delivery),
    shippingPrice: 0,
    taxPrice: 0,
    totalPrice: toRupees(items - delivery),
  };
}
