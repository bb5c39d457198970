import { type LoyaltyRates, pointsEarned, pointsValuePaise, redeemableMax, spreadOverLines } from '../../../core/loyalty';
import type { OutboxItem } from '../../offline/db';
import { SHOP_SALE, type QueuedShopSale } from './shop-sale';

/**
 * Loyalty points of counter sales still in this device's outbox (core/loyalty.ts), worked out as the server
 * will on sync (server/services/khata/loyalty-ledger.ts pointsForSale), so the device's figures match its bill.
 */

/** The points the queued sales of `customerId` redeem: held off the balance this device shows until the server has them. */
export function heldPoints(items: readonly OutboxItem[], customerId: string): number {
  return items.reduce((sum, i) => {
    if (i.kind !== SHOP_SALE) return sum;
    const body = (i as QueuedShopSale).body;
    return body.customerId === customerId ? sum + (body.redeemPoints ?? 0) : sum;
  }, 0);
}

/** The customer's points as this device knows them: the saved list's balance less what its queued sales redeem. */
export const deviceBalance = (listed: number, items: readonly OutboxItem[], customerId: string): number =>
  Math.max(listed - heldPoints(items, customerId), 0);

/** What a sale's points come to: each line's share of the value redeemed, that value, and the points the rest earns. */
export interface SalePointsPaise {
  redeemed: number;
  valuePaise: number;
  sharesPaise: number[];
  earned: number;
}

/**
 * The points of a sale to a customer whose lines total `lineTotalsPaise` (after price lists and schemes):
 * `redeem` points at most the bill allows, their value spread over the lines, and what is paid then earns.
 */
export function salePoints(lineTotalsPaise: readonly number[], redeem: number, rates: LoyaltyRates): SalePointsPaise {
  const billPaise = lineTotalsPaise.reduce((s, p) => s + p, 0);
  const redeemed = redeem > 0 ? redeemableMax(redeem, billPaise, rates.pointValuePaise) : 0;
  const valuePaise = pointsValuePaise(redeemed, rates.pointValuePaise);
  return {
    redeemed,
    valuePaise,
    sharesPaise: spreadOverLines(valuePaise, lineTotalsPaise),
    earned: pointsEarned(billPaise - valuePaise, rates.pointsPer100),
  };
}
