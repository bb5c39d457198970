import { fromMilli, toMilli } from './quantity';

/**
 * Purchase orders (docs/decisions/purchase-orders.md): what a shop asks a supplier for. Quantities in
 * the product's unit. A receipt is a purchase that names the order; what each product received counts
 * against what was ordered, whatever the receipt brings (more, less, or products not on the order).
 */
export const PURCHASE_ORDER_LINES_MAX = 200;
export const PURCHASE_ORDER_CLOSE_REASON_MAX = 200;

/** open: nothing received yet; partlyReceived: some; received: every ordered line in full; closed: ended by hand, nothing more to come. */
export const PURCHASE_ORDER_STATUSES = ['open', 'partlyReceived', 'received', 'closed'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** What is still to come of a line: ordered less received, never below 0 (exact to the thousandth). */
export const toComeOf = (ordered: number, received: number): number => fromMilli(Math.max(toMilli(ordered) - toMilli(received), 0));

/** An order's status from its ordered lines and whether it was closed. */
export function purchaseOrderStatus(lines: ReadonlyArray<{ ordered: number; received: number }>, closed: boolean): PurchaseOrderStatus {
  if (closed) return 'closed';
  const ordered = lines.filter((l) => l.ordered > 0);
  if (ordered.every((l) => toComeOf(l.ordered, l.received) === 0)) return 'received';
  return lines.some((l) => l.received > 0) ? 'partlyReceived' : 'open';
}
