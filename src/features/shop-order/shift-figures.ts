import { COINS, countedRequestPaise, DENOMINATIONS, expectedPaise, type ShiftFlows, TILL_HEADER } from '../../../core/shift';
import { paymentBucket } from '../../../core/payments';
import { toPaise, toRupees } from '../../../core/money';
import type { DrawerCountInput, ShiftDto } from '../../../core/schemas/shift';
import { shopSaleTotal } from '../../../core/shop-order';
import { partsPaise } from '../../../core/split-payment';
import type { OutboxItem } from '../../offline/db';
import { SHIFT_CASH } from './shift-kinds';
import { SHOP_SALE, type QueuedShopSale } from './shop-sale';
import type { OpenShift } from './shift-store';

/** A pay-in or pay-out as the shift lists it (rupees). */
type CashEntry = ShiftDto['cash'][number];

/** What the drawer of a shift should hold, as this device works it out (core/shift.ts). */
export interface ShiftFigures {
  flows: ShiftFlows;
  expectedPaise: number;
  /** The pay-ins and pay-outs, the server's and those still on this device. */
  cash: CashEntry[];
  /** Requests of this shift still on this device (counted in). */
  waiting: number;
}

/** The server's figures of a shift, in paise. */
function serverFlows(s: ShiftDto): ShiftFlows {
  return {
    floatPaise: toPaise(s.float),
    cashSalesPaise: toPaise(s.cashSales),
    creditCollectedPaise: toPaise(s.creditCollected),
    cashRefundsPaise: toPaise(s.cashRefunds),
    payInsPaise: toPaise(s.payIns),
    payOutsPaise: toPaise(s.payOuts),
  };
}

/**
 * A cash sale of this till's shift that has not reached the server: paid in cash (as the server's shift counts it:
 * core/payments.ts), made at this till since the shift opened.
 */
function queuedCashSale(item: OutboxItem, shift: OpenShift): number | null {
  if (item.kind !== SHOP_SALE || item.status !== 'pending') return null;
  const { body, headers } = item as QueuedShopSale;
  const atTill = body.deviceId === shift.deviceId || headers?.[TILL_HEADER] === shift.deviceId;
  const since = Date.parse(body.createdAt) >= Date.parse(shift.openedAt);
  if (!atTill || !since) return null;
  // paid in parts: its cash part alone is in the drawer
  if (body.payments) return partsPaise(body.payments).cash ?? null;
  return paymentBucket(body.paymentStatus, body.paymentMethod) === 'cash' ? toPaise(shopSaleTotal(body.products)) : null;
}

/**
 * The shift's figures: the server's as last read (or the float alone while the server has not got the shift),
 * plus what this device still holds for it in its outbox: the cash sales made at the till and the pay-ins and
 * pay-outs. Items refused for good (Needs attention) are not counted: the server never recorded them.
 */
export function shiftFigures(shift: OpenShift, items: OutboxItem[], me: string): ShiftFigures {
  const flows: ShiftFlows = shift.server
    ? serverFlows(shift.server)
    : {
        floatPaise: toPaise(shift.float),
        cashSalesPaise: 0,
        creditCollectedPaise: 0,
        cashRefundsPaise: 0,
        payInsPaise: 0,
        payOutsPaise: 0,
      };
  const cash: CashEntry[] = [...(shift.server?.cash ?? [])];
  let waiting = 0;
  for (const item of items) {
    if (item.status !== 'pending') continue;
    const sale = queuedCashSale(item, shift);
    if (sale !== null) {
      flows.cashSalesPaise += sale;
      waiting++;
    } else if (item.kind === SHIFT_CASH && item.path === `shifts/${shift.id}/cash`) {
      const body = item.body as { kind: 'in' | 'out'; amount: number; reason: string; at: string };
      if (body.kind === 'in') flows.payInsPaise += toPaise(body.amount);
      else flows.payOutsPaise += toPaise(body.amount);
      cash.push({ kind: body.kind, amount: body.amount, reason: body.reason, at: body.at, by: { _id: item.userId, name: me } });
      waiting++;
    }
  }
  return { flows, expectedPaise: expectedPaise(flows), cash, waiting };
}

/** The close form's counts: a count per note ('' while empty) and the coins in rupees. */
export type CountForm = Record<(typeof DENOMINATIONS)[number], number | ''> & { coins: number | '' };

export const emptyCount = (): CountForm => ({ '500': '', '200': '', '100': '', '50': '', '20': '', '10': '', coins: '' });

/** The counted drawer as the close request sends it (counts, and the coins in rupees). */
export function countInput(form: CountForm): DrawerCountInput {
  const input: DrawerCountInput = { coins: form.coins || 0 };
  for (const d of DENOMINATIONS) input[d] = form[d] || 0;
  return input;
}

/**
 * A shift closed while the server could not be reached, as this device worked it out: its figures, the count and
 * the difference (below 0: short), for the screen and the report until the server's answer replaces it.
 */
export function closedOnDevice(
  shift: OpenShift,
  till: { name: string; cashier: { _id: string; name: string } },
  close: { counted: DrawerCountInput; note: string; at: string; figures: ShiftFigures },
): ShiftDto {
  const { flows, expectedPaise: expected, cash } = close.figures;
  const counted = countedRequestPaise(close.counted);
  const count: Record<string, number> = { [COINS]: close.counted.coins ?? 0 };
  for (const d of DENOMINATIONS) count[d] = close.counted[d] ?? 0;
  return {
    _id: shift.id,
    deviceId: shift.deviceId,
    tillName: till.name,
    cashier: shift.server?.cashier ?? { _id: '', name: shift.cashier },
    openedAt: shift.server?.openedAt ?? shift.openedAt,
    closedAt: close.at,
    float: toRupees(flows.floatPaise),
    cashSales: toRupees(flows.cashSalesPaise),
    creditCollected: toRupees(flows.creditCollectedPaise),
    cashRefunds: toRupees(flows.cashRefundsPaise),
    payIns: toRupees(flows.payInsPaise),
    payOuts: toRupees(flows.payOutsPaise),
    expected: toRupees(expected),
    counted: toRupees(counted),
    difference: toRupees(counted - expected),
    count,
    note: close.note,
    closedBy: till.cashier,
    cash,
  };
}
