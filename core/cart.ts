import { deliveryDiscountPaise } from './delivery-discount';
import { toPaise, toRupees } from './money';

/** A per-unit discount as the customer gets it: never above the price, never negative (paise). */
export const cappedDiscountPaise = (pricePaise: number, discountPaise: number) =>
  Math.min(Math.max(discountPaise, 0), Math.max(pricePaise, 0));

/** Per-unit price after a per-unit discount, never below zero (paise). */
export const netUnitPaise = (pricePaise: number, discountPaise: number) => Math.max(pricePaise, 0) - cappedDiscountPaise(pricePaise, discountPaise);

/** Line total = max(price - discount, 0) x quantity, in paise. Used for cart lines and shop-order lines. */
export const lineTotalPaise = (pricePaise: number, discountPaise: number, quantity: number) =>
  netUnitPaise(pricePaise, discountPaise) * quantity;

/** Same rule in rupees, for screens. */
export const lineTotal = (price: number, discount: number, quantity: number) =>
  toRupees(lineTotalPaise(toPaise(price), toPaise(discount || 0), quantity));

export interface PricedLine {
  price: number; // rupees, per unit
  discount: number; // rupees, per unit
  qty: number;
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

/** Cart totals: items price is net of per-unit discounts; shipping and tax are 0. */
export function cartTotals(lines: PricedLine[]): CartTotals {
  let items = 0;
  let discount = 0;
  let count = 0;
  for (const l of lines) {
    const price = toPaise(l.price);
    const disc = cappedDiscountPaise(price, toPaise(l.discount || 0));
    items += lineTotalPaise(price, disc, l.qty);
    discount += disc * l.qty;
    count += l.qty;
  }
  const delivery = deliveryDiscountPaise(items);
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

/** Discount shown as a percent of the selling price on listings. */
export const percentOff = (shopPrice: number, discount: number) =>
  shopPrice > 0 && discount > 0 ? Math.round((discount * 100) / shopPrice) : 0;
