import { toPaise } from './money';

/**
 * A till's shift: a cashier opens it with a float (the cash put in the drawer), sells, takes cash in
 * and pays cash out with a reason, and closes it by counting the drawer note by note. What the drawer
 * should hold is worked out here, once, for the server's close, the day close and the till's screen.
 *
 * Expected cash = float + cash sales + credit collected in cash − cash refunds + pay-ins − pay-outs.
 * Everything is in paise; counts of notes are whole numbers; coins are one amount.
 */

/** The notes a drawer is counted in, largest first, and the coins (one amount). */
export const DENOMINATIONS = ['500', '200', '100', '50', '20', '10'] as const;
export type Denomination = (typeof DENOMINATIONS)[number];
export const COINS = 'coins' as const;

/** The counted drawer: how many of each note, and the coins' amount in paise. */
export type DrawerCount = Partial<Record<Denomination, number>> & { coinsPaise?: number };

/** The drawer counted, in paise. */
export function countedPaise(count: DrawerCount): number {
  let total = count.coinsPaise ?? 0;
  for (const d of DENOMINATIONS) total += (count[d] ?? 0) * Number(d) * 100;
  return total;
}

/** The drawer counted as a close request sends it (notes by count, the coins in rupees), in paise. */
export const countedRequestPaise = (count: Partial<Record<Denomination, number>> & { coins?: number }): number =>
  countedPaise({ ...count, coinsPaise: toPaise(count.coins ?? 0) });

/** What moved through the drawer during a shift, in paise (each a sum, all non-negative). */
export interface ShiftFlows {
  floatPaise: number;
  cashSalesPaise: number;
  creditCollectedPaise: number;
  cashRefundsPaise: number;
  payInsPaise: number;
  payOutsPaise: number;
}

/** Expected cash in the drawer, in paise. */
export const expectedPaise = (f: ShiftFlows): number =>
  f.floatPaise + f.cashSalesPaise + f.creditCollectedPaise - f.cashRefundsPaise + f.payInsPaise - f.payOutsPaise;

/**
 * The request header naming the till an act is made at (a device id), for a payment or a return made
 * at a till whose session was not opened there (server/services/shifts/till-of-act.ts).
 */
export const TILL_HEADER = 'x-till';

/** The largest float, pay-in or pay-out in rupees (₹10 lakh: a drawer, not a bank). */
export const SHIFT_AMOUNT_MAX_RUPEES = 1_000_000;
/** The most notes of one kind a drawer is counted with. */
export const NOTE_COUNT_MAX = 100_000;
/** The longest reason for a pay-in or pay-out, and the longest closing note. */
export const SHIFT_TEXT_MAX = 200;
