import type { LoyaltyRates } from '../../../core/loyalty';
import type { PricedLine } from '../../../core/pricing';
import type { ShopOrderPayload } from '../../../core/shop-order';
import type { OutboxItem } from '../../offline/db';

/** The outbox kind of a walk-in sale rung up at the counter (kept as stored on devices). */
export const SHOP_SALE = 'shopOrder';

/** The POST /api/Orders body as queued: its client-made id is the order's _id and the Idempotency-Key. */
export interface ShopSaleBody extends ShopOrderPayload {
  _id: string;
  /** The sale time at the counter; becomes the order's date. */
  createdAt: string;
}

/** Product names as the counter saw them, for showing the sale before the server has it. */
export interface ShopSaleDisplay {
  /** gstRate and hsnCode (as the device knew them) let the provisional bill show the tax before the server has the sale. */
  lines: Array<{
    productId: string;
    name: string;
    nameTa?: string;
    unit?: string;
    gstRate?: number;
    hsnCode?: string;
    /** The pack the line is sold in (a product may be on two lines: in bags and loose); absent: the base unit. */
    pack?: string;
    packFactor?: number;
    /** How the till priced the line (core/pricing.ts) at this quantity: the provisional bill shows what was charged. */
    pricing?: PricedLine & { quantity: number };
  }>;
  /** The shop's loyalty rates the till used (a sale to a customer): the provisional bill's points. */
  loyalty?: LoyaltyRates;
}

/** A shop sale in the outbox: "Waiting to sync", or refused ("Needs attention"). */
export interface QueuedShopSale extends OutboxItem {
  body: ShopSaleBody;
  display?: ShopSaleDisplay;
}

/** A line's product name as shown at the counter (fallback when the device did not know it). */
export const lineName = (item: QueuedShopSale, productId: string, fallback: string): string =>
  item.display?.lines.find((l) => l.productId === productId)?.name ?? fallback;

/**
 * The counter's display line of a sent line: the same product sold in the same pack (none: the base unit); a sale
 * queued before the display named the pack: the product's line.
 */
export function displayLineOf<D extends { productId: string; pack?: string }>(
  lines: readonly D[] | undefined,
  l: { productId: string; pack?: string | null },
): D | undefined {
  const same = (d: D) => d.productId === l.productId && (d.pack ?? '').toLowerCase() === (l.pack ?? '').trim().toLowerCase();
  return lines?.find(same) ?? lines?.find((d) => d.productId === l.productId);
}
