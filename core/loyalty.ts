import { type Coded, coded } from './coded';
import { shareProportionally } from './delivery-discount';
import { upiAmount } from './upi';

/**
 * Loyalty points, the rules shared by the counter (also offline) and the server. A shop gives
 * `pointsPer100` points per ₹100 paid and takes `pointValuePaise` off a bill per point redeemed;
 * either left unset is off. Points are whole numbers; money in paise.
 */
export interface LoyaltyRates {
  /** Points earned per ₹100 paid; null: the shop gives none. */
  pointsPer100: number | null;
  /** What one point takes off a bill, in paise; null: points cannot be redeemed. */
  pointValuePaise: number | null;
}

/** The most points per ₹100 a shop may give, and the most a point may be worth (₹100). */
export const POINTS_PER_100_MAX = 1000;
export const POINT_VALUE_MAX_PAISE = 10_000;

/** The points a bill earns: floor(paid / ₹100 × pointsPer100), on what was paid (after every discount and redemption). */
export function pointsEarned(paidPaise: number, pointsPer100: number | null | undefined): number {
  if (!pointsPer100 || paidPaise <= 0) return 0;
  return Math.floor((paidPaise * pointsPer100) / 10_000);
}

/** The discount points give: points × the value of a point. */
export const pointsValuePaise = (points: number, pointValuePaise: number | null | undefined): number =>
  pointValuePaise ? points * pointValuePaise : 0;

/** The most points a bill of `billPaise` may take: at most the balance, and no more than the bill is worth. */
export function redeemableMax(balance: number, billPaise: number, pointValuePaise: number | null | undefined): number {
  if (!pointValuePaise || balance <= 0 || billPaise <= 0) return 0;
  return Math.max(0, Math.min(balance, Math.floor(billPaise / pointValuePaise)));
}

/** Why `points` cannot be redeemed on this bill, or undefined. */
export function redeemProblem(p: {
  points: number;
  hasCustomer: boolean;
  balance: number;
  billPaise: number;
  pointValuePaise: number | null | undefined;
}): Coded | undefined {
  if (!p.hasCustomer) return coded('loyaltyRedeemNeedsCustomer');
  if (!p.pointValuePaise) return coded('loyaltyRedeemOff');
  if (p.points > p.balance) return coded('loyaltyRedeemOverBalance', { balance: p.balance });
  if (p.points * p.pointValuePaise > p.billPaise) {
    return coded('loyaltyRedeemOverBill', { max: redeemableMax(Number.MAX_SAFE_INTEGER, p.billPaise, p.pointValuePaise) });
  }
  return undefined;
}

/**
 * A bill-level discount spread over its lines in proportion to their totals (largest remainder, exact
 * paise): each line's share, to fold into its total so GST is on what was paid.
 */
export const spreadOverLines = (discountPaise: number, lineTotalsPaise: readonly number[]): number[] =>
  shareProportionally(discountPaise, [...lineTotalsPaise]);

/**
 * What a return gives back, counted on everything returned of the bill so far (so several returns add
 * up exactly to the whole): the points the returned part earned come back out (floor), and its share of
 * the points redeemed goes back to the customer (floor). `before` is what earlier returns counted.
 */
export function pointsOnReturn(p: {
  earned: number;
  redeemed: number;
  billPaise: number;
  returnedBeforePaise: number;
  returnedNowPaise: number;
}): { takeBack: number; giveBack: number } {
  if (p.billPaise <= 0) return { takeBack: 0, giveBack: 0 };
  const share = (points: number, returned: number) => Math.floor((points * Math.min(returned, p.billPaise)) / p.billPaise);
  const after = p.returnedBeforePaise + p.returnedNowPaise;
  return {
    takeBack: share(p.earned, after) - share(p.earned, p.returnedBeforePaise),
    giveBack: share(p.redeemed, after) - share(p.redeemed, p.returnedBeforePaise),
  };
}

export interface PointsMessage {
  customerName: string;
  phone: string;
  language: 'en' | 'ta';
  shopName: string;
  balance: number;
  /** What the balance takes off a bill now, in paise; 0: not redeemable. */
  worthPaise: number;
}

/** The balance message in the customer's language. */
export function pointsBalanceText(m: PointsMessage): string {
  const worth = m.worthPaise > 0 ? `₹${upiAmount(m.worthPaise)}` : '';
  if (m.language === 'ta') {
    return [
      `வணக்கம் ${m.customerName}, ${m.shopName} கடையில் உங்கள் லாயல்டி புள்ளிகள்: ${m.balance}.`,
      worth ? `அடுத்த வாங்குதலில் ${worth} வரை தள்ளுபடியாகப் பயன்படுத்தலாம்.` : '',
      'நன்றி!',
    ]
      .filter(Boolean)
      .join('\n');
  }
  return [
    `Hello ${m.customerName}, your loyalty points at ${m.shopName}: ${m.balance}.`,
    worth ? `Worth up to ${worth} off your next purchase.` : '',
    'Thank you!',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The WhatsApp link that opens a chat with the customer (India, +91) with the balance message typed in. */
export const whatsappPointsLink = (m: PointsMessage) => `https://wa.me/91${m.phone}?text=${encodeURIComponent(pointsBalanceText(m))}`;
