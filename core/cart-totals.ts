import { cappedDiscountPaise, lineDiscountPaise, lineTotalPaise } from './cart';
import { toPaise, toRupees } from './money';
import { lineTax, taxOf } from './gst';
import { orderDeliveryDiscountsPaise, splitByVendor } from './order-rules';
import { itemCount } from './quantity';

export interface PricedLine {
  price: number; // rupees, per unit
  discount: number; // rupees, per unit
  qty: number;
  /** Groups the cart into one order per vendor (the delivery discount is rounded per order). */
  vendorId?: string;
  unit?: string;
  /** The product's GST rate in percent (prices include it); missing: 0. */
  gstRate?: number;
}

export interface CartTotals {
  totalItems: number;
  itemsPrice: number;
  totalDiscount: number;
  totalDeliveryDiscount: number;
  shippingPrice: number;
  taxPrice: number;
  /**
   * The GST inside the prices (rupees): "includes GST ₹x", already part of totalPrice. Null while a
   * line's rate is not known (a cart saved before rates were kept): no figure rather than a wrong ₹0.
   */
  gstIncluded: number | null;
  totalPrice: number;
}

/**
 * The GST inside a cart's prices (paise), as checkout records it line by line: the cart split into one
 * order per vendor with its delivery discount shared over the lines (order-rules splitByVendor), then
 * each line's GST on what it is really charged (gst.ts lineTax, intra-state), summed.
 */
export function cartGstPaise(lines: readonly PricedLine[]): number {
  const priced = lines.map((l, i) => {
    const price = toPaise(l.price);
    return {
      productId: String(i),
      vendorId: l.vendorId ?? '',
      quantity: l.qty,
      unitPricePaise: price,
      unitDiscountPaise: cappedDiscountPaise(price, toPaise(l.discount || 0)),
      gstRate: l.gstRate ?? 0,
    };
  });
  let gst = 0;
  for (const plan of splitByVendor(priced)) {
    plan.lines.forEach((l, i) => {
      gst += taxOf(lineTax(plan.lineTotalsPaise[i] - plan.lineDeliveryDiscountsPaise[i], l.gstRate));
    });
  }
  return gst;
}

/**
 * Cart totals as checkout will charge them: items price net of per-unit discounts, and the delivery
 * discount of each vendor's order (order-rules orderDeliveryDiscountsPaise: the slab shared over the
 * vendor orders, each order's total rounded down to a whole rupee). Shipping and tax on top are 0:
 * prices include GST, whose amount is `gstIncluded` (cartGstPaise).
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
    gstIncluded: lines.every((l) => l.gstRate !== undefined) ? toRupees(cartGstPaise(lines)) : null,
    totalPrice: toRupees(items - delivery),
  };
}
