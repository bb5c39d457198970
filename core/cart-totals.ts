import { cappedDiscountPaise } from './cart';
import { toPaise, toRupees } from './money';
import { splitByVendor } from './order-rules';
import { itemCount } from './units';

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
 * discount shared over the vendor orders with each order's total rounded down to a whole rupee
 * (order-rules splitByVendor). Shipping and tax are 0 (prices include tax).
 */
export function cartTotals(lines: PricedLine[]): CartTotals {
  let count = 0;
  const priced = lines.map((l, i) => {
    count += itemCount(l.qty, l.unit ?? 'pcs');
    const price = toPaise(l.price);
    return {
      productId: String(i),
      vendorId: l.vendorId ?? '',
      quantity: l.qty,
      unitPricePaise: price,
      unitDiscountPaise: cappedDiscountPaise(price, toPaise(l.discount || 0)),
    };
  });
  const plans = splitByVendor(priced, true);
  const items = plans.reduce((a, p) => a + p.itemsPaise, 0);
  const discount = plans.reduce((a, p) => a + p.discountPaise, 0);
  const delivery = plans.reduce((a, p) => a + p.deliveryDiscountPaise, 0);
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
