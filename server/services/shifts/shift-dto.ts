import { toRupees } from '../../../core/money';
import type { DayShiftDto, ShiftDto } from '../../../core/schemas/shift';
import { expectedPaise } from '../../../core/shift';
import type { Db } from '../../db';
import { cashMoves, type ShiftFilter, shiftFlows, shiftRows } from './shift-queries';

const iso = (d: Date | string) => new Date(d).toISOString();
/** A person by the name the shop knows them by; an account since deleted shows blank. */
const person = (id: string | null, name: string | null) => ({ _id: id ?? '', name: name ?? '' });

/**
 * The shifts of `filter` as the API shows them (rupees): each with what moved through its drawer, its
 * pay-ins and pay-outs, and what it should hold: at its close (frozen then) or, while open, now.
 */
export async function loadShifts(db: Db, filter: ShiftFilter): Promise<ShiftDto[]> {
  if (filter.ids && !filter.ids.length) return [];
  const rows = await shiftRows(db, filter);
  const ids = rows.map((r) => r.id);
  // one after the other: `db` may be a transaction's single connection
  const flows = await shiftFlows(db, rows);
  const moves = await cashMoves(db, ids);
  return rows.map((r) => {
    const f = flows.get(r.id)!;
    const expected = r.closed_at && r.expected_paise != null ? Number(r.expected_paise) : expectedPaise(f);
    const counted = r.counted_paise == null ? null : Number(r.counted_paise);
    return {
      _id: r.id,
      deviceId: r.device_id,
      tillName: r.till_name,
      cashier: person(r.opened_by, r.opened_by_name),
      openedAt: iso(r.opened_at),
      closedAt: r.closed_at ? iso(r.closed_at) : null,
      float: toRupees(f.floatPaise),
      cashSales: toRupees(f.cashSalesPaise),
      creditCollected: toRupees(f.creditCollectedPaise),
      cashRefunds: toRupees(f.cashRefundsPaise),
      payIns: toRupees(f.payInsPaise),
      payOuts: toRupees(f.payOutsPaise),
      expected: toRupees(expected),
      counted: counted == null ? null : toRupees(counted),
      difference: counted == null ? null : toRupees(counted - expected),
      count: r.count ?? null,
      note: r.note ?? '',
      closedBy: r.closed_by ? person(r.closed_by, r.closed_by_name) : null,
      cash: moves
        .filter((m) => m.shift_id === r.id)
        .map((m) => ({
          kind: m.kind,
          amount: toRupees(Number(m.amount_paise)),
          reason: m.reason,
          at: iso(m.at),
          by: person(m.by_user, m.by_name),
        })),
    };
  });
}

/** A shop's shifts opened in [from, until) (by `openedBy` only, when given), as the day close lists them. */
export async function dayShifts(db: Db, shopId: string, from: Date, until: Date, openedBy?: string): Promise<DayShiftDto[]> {
  return (await loadShifts(db, { shopId, from, until, openedBy })).map((s) => ({
    _id: s._id,
    cashier: s.cashier,
    tillName: s.tillName,
    expected: s.expected,
    counted: s.counted,
    difference: s.difference,
  }));
}
