import { istDay } from '../../../core/dates';
import { toPaise } from '../../../core/money';
import { priceBasket, tillAdjustments, tillTotalAllowed } from '../../../core/pricing';
import { sentLater } from '../../../core/act-time';
import { toMilli } from '../../../core/units';
import type { Db } from '../../db';
import { salePricing } from '../pricing/pricing-queries';

/** A counter sale's line as the checkout builds it; priced here in place. */
export interface SaleLineToPrice {
  productId: string;
  vendorId: string;
  quantity: number;
  /** In the base unit: quantity × the pack's factor (a base-unit line: quantity). */
  baseQuantity: number;
  /** Price per sold unit before any list (the pack's price for a pack line); replaced by the engine's. */
  unitPricePaise: number;
  unitDiscountPaise: number;
  schemeDiscountPaise?: number;
  priceListName?: string | null;
  schemeName?: string | null;
  tillAdjustmentPaise?: number;
  /** The pack's factor in base units (./pack-lines.ts); absent: the base unit. */
  packFactor?: number | null;
  /** The product's category (a price list's or a scheme's category rules), read with the locked product. */
  categoryId: string | null;
}

/**
 * Reprices a counter sale's lines with the one engine (core/pricing.ts), never with the client's prices:
 * the shop customer's price list and the shop's schemes at the sale's time (its India day). An admin's sale
 * of several shops' products is priced shop by shop (a customer belongs to one shop: only its lines get its list).
 */
export async function priceSaleLines(
  trx: Db,
  lines: SaleLineToPrice[],
  ctx: { customer?: { vendorId: string; priceListId: string | null }; at: Date },
): Promise<void> {
  const day = istDay(ctx.at.getTime());
  for (const vendorId of new Set(lines.map((l) => l.vendorId))) {
    const mine = lines.filter((l) => l.vendorId === vendorId);
    const listId = ctx.customer?.vendorId === vendorId ? ctx.customer.priceListId : undefined;
    const { priceList, schemes } = await salePricing(trx, vendorId, listId, day);
    const priced = priceBasket({
      at: ctx.at.getTime(),
      priceList,
      schemes,
      lines: mine.map((l) => {
        const qty = toMilli(l.quantity);
        // the pack's factor from the base quantity (A's packs): its price per pack is what the line carries
        const factor = l.packFactor != null ? toMilli(l.packFactor) : qty > 0 ? Math.round((toMilli(l.baseQuantity) * 1000) / qty) : 1000;
        return {
          productId: l.productId,
          categoryId: l.categoryId,
          quantityMilli: qty,
          packFactorMilli: factor,
          packPricePaise: factor === 1000 ? null : l.unitPricePaise,
          sellingPricePaise: l.unitPricePaise,
          unitDiscountPaise: l.unitDiscountPaise,
        };
      }),
    });
    mine.forEach((l, i) => {
      const p = priced.lines[i];
      l.unitPricePaise = p.unitPricePaise;
      l.unitDiscountPaise = p.unitDiscountPaise;
      l.schemeDiscountPaise = p.schemeDiscountPaise;
      l.priceListName = p.priceListName;
      l.schemeName = p.schemeName;
    });
  }
}

/** The plan of one shop's order, as splitByVendor made it (its totals are adjusted in place). */
interface PlanForTill {
  lines: { tillAdjustmentPaise?: number }[];
  lineTotalsPaise: number[];
  itemsPaise: number;
  deliveryDiscountPaise: number;
}

/**
 * Offline parity: the total the till charged (`tillTotal`, rupees) against the server's (after every discount).
 * Equal, or not sent: nothing changes. Different:
 * - a sale NOT recorded offline (it carries no time of its own, or reached the server within a minute of it:
 *   core/act-time.ts sentLater), or an admin's sale of several shops: the server's prices stand, as they always
 *   did (the counter had not yet reloaded a price changed meanwhile; the bill shows the server's);
 * - a sale recorded offline keeps the till's total, what the customer paid, when it is within the bound of
 *   core/pricing.ts tillTotalAllowed (never below 0; at most 10 % of the bill or ₹10 away, whichever is more), the
 *   difference spread over the lines in proportion to their totals (exact paise) so GST is on what was paid;
 *   beyond the bound the server's total stands (a hostile cashier cannot give goods away by sending a low total).
 *   Both totals are kept either way, for the owner's list (GET /api/sales/till-differences says which stood).
 * Returns the totals to record, or undefined.
 */
export function keepTillTotal(
  plans: PlanForTill[],
  tillTotal: number | undefined,
  sale: { at: Date | undefined; receivedAt: Date },
): { tillTotalPaise: number; serverTotalPaise: number } | undefined {
  if (tillTotal === undefined) return undefined;
  const tillPaise = toPaise(tillTotal);
  const serverPaise = plans.reduce((s, p) => s + p.itemsPaise - p.deliveryDiscountPaise, 0);
  if (tillPaise === serverPaise) return undefined;
  const offline = !!sale.at && !!sentLater(sale.at, sale.receivedAt);
  if (!offline || plans.length !== 1) return undefined;
  if (!tillTotalAllowed(serverPaise, tillPaise)) return { tillTotalPaise: tillPaise, serverTotalPaise: serverPaise };
  const plan = plans[0];
  const shares = tillAdjustments(plan.lineTotalsPaise, tillPaise + plan.deliveryDiscountPaise);
  shares.forEach((share, i) => {
    plan.lines[i].tillAdjustmentPaise = share;
    plan.lineTotalsPaise[i] += share;
    plan.itemsPaise += share;
  });
  return { tillTotalPaise: tillPaise, serverTotalPaise: serverPaise };
}
