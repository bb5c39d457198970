import { sql } from 'kysely';
import { type LoyaltyRates, pointsEarned, pointsOnReturn, pointsValuePaise, redeemProblem, spreadOverLines } from '../../../core/loyalty';
import type { PointsKind } from '../../../core/schemas/loyalty';
import type { Db } from '../../db';
import { HttpError } from '../../lib/errors';
import { newId } from '../../lib/ids';

/**
 * The points ledger (loyalty_points, migration 050) as the sale, return and void transactions write it.
 * A customer's balance is the sum of their rows. A sale reads it with the customer's row locked
 * (shopCustomerForSale), so two sales redeeming at once queue and cannot spend the same points twice.
 */

/** A shop's rates; a shop that never saved any has both off. */
export async function ratesOf(db: Db, shopId: string): Promise<LoyaltyRates> {
  const row = await db
    .selectFrom('loyalty_settings')
    .select(['points_per_100', 'point_value_paise'])
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return { pointsPer100: row?.points_per_100 ?? null, pointValuePaise: row?.point_value_paise ?? null };
}

/** A customer's points now. */
export async function balanceOf(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('loyalty_points')
    .select(sql<string>`coalesce(sum(points), 0)`.as('balance'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** Many customers' points now, by id (0 for one without any). */
export async function pointsBalancesOf(db: Db, customerIds: readonly string[]): Promise<Map<string, number>> {
  if (!customerIds.length) return new Map();
  const rows = await db
    .selectFrom('loyalty_points')
    .select(['customer_id', sql<string>`sum(points)`.as('balance')])
    .where('customer_id', 'in', [...customerIds])
    .groupBy('customer_id')
    .execute();
  return new Map(rows.map((r) => [r.customer_id, Number(r.balance)]));
}

interface Entry {
  vendorId: string;
  customerId: string;
  orderId: string;
  creditNoteId?: string;
  points: number;
  kind: PointsKind;
  at: Date;
  by: string;
}

async function write(db: Db, entries: readonly Entry[]): Promise<void> {
  const rows = entries.filter((e) => e.points !== 0);
  if (!rows.length) return;
  await db
    .insertInto('loyalty_points')
    .values(
      rows.map((e) => ({
        id: newId(),
        vendor_id: e.vendorId,
        customer_id: e.customerId,
        order_id: e.orderId,
        credit_note_id: e.creditNoteId ?? null,
        points: e.points,
        kind: e.kind,
        at: e.at,
        created_by: e.by,
      })),
    )
    .execute();
}

/** The part of a sale's plan the points touch: its lines (each keeps its share) and their totals. */
interface PlanForPoints {
  lines: { pointsDiscountPaise?: number }[];
  lineTotalsPaise: number[];
  itemsPaise: number;
  deliveryDiscountPaise: number;
}

/** What a sale's points came to: kept on the order, and written to the ledger once the order is. */
export interface SalePoints {
  redeemed: number;
  earned: number;
  record(db: Db, orderId: string, at: Date, by: string): Promise<void>;
}

/**
 * A counter sale to a shop customer (their row already locked): `redeemPoints` is checked against the
 * balance and the bill (coded 400s on `redeemPoints`), and its value (points × the value of a point) is
 * spread over the lines in proportion to their totals and taken off them (each line keeps its share
 * for the bill); then the points the bill earns on what is paid. A customer's sale is one shop's (one plan).
 */
export async function pointsForSale(
  trx: Db,
  customer: { id: string; vendorId: string },
  plans: PlanForPoints[],
  redeemPoints: number | undefined,
): Promise<SalePoints> {
  const rates = await ratesOf(trx, customer.vendorId);
  const plan = plans[0];
  let redeemed = 0;
  if (redeemPoints && plan) {
    const balance = await balanceOf(trx, customer.id);
    const billPaise = plan.itemsPaise - plan.deliveryDiscountPaise;
    const problem = redeemProblem({
      points: redeemPoints,
      hasCustomer: true,
      balance,
      billPaise,
      pointValuePaise: rates.pointValuePaise,
    });
    if (problem) throw new HttpError(400, problem, { field: 'redeemPoints' });
    const shares = spreadOverLines(pointsValuePaise(redeemPoints, rates.pointValuePaise), plan.lineTotalsPaise);
    shares.forEach((share, i) => {
      plan.lines[i].pointsDiscountPaise = share;
      plan.lineTotalsPaise[i] -= share;
      plan.itemsPaise -= share;
    });
    redeemed = redeemPoints;
  }
  const earned = plan ? pointsEarned(plan.itemsPaise - plan.deliveryDiscountPaise, rates.pointsPer100) : 0;
  return {
    redeemed,
    earned,
    record: (db, orderId, at, by) =>
      write(db, [
        { vendorId: customer.vendorId, customerId: customer.id, orderId, points: -redeemed, kind: 'redeemed', at, by },
        { vendorId: customer.vendorId, customerId: customer.id, orderId, points: earned, kind: 'earned', at, by },
      ]),
  };
}

/**
 * A return (credit note `creditNoteId` of `amountPaise`, already written): the points the returned part
 * earned come back out, and its share of the points redeemed goes back to the customer, both in proportion
 * to the money returned of the bill, counted on all its returns so far so that a whole return undoes the
 * sale's points exactly (core/loyalty.ts pointsOnReturn). Nothing for a sale without points.
 */
export async function pointsOnCreditNote(
  trx: Db,
  p: { orderId: string; creditNoteId: string; amountPaise: number; at: Date; by: string },
): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['vendor_id', 'shop_customer_id', 'points_earned', 'points_redeemed', 'items_paise', 'delivery_discount_paise'])
    .where('id', '=', p.orderId)
    .executeTakeFirstOrThrow();
  if (!order.shop_customer_id || (order.points_earned === 0 && order.points_redeemed === 0)) return;
  const before = await trx
    .selectFrom('credit_notes')
    .select(sql<string>`coalesce(sum(amount_paise), 0)`.as('paise'))
    .where('order_id', '=', p.orderId)
    .where('id', '<>', p.creditNoteId)
    .executeTakeFirstOrThrow();
  const { takeBack, giveBack } = pointsOnReturn({
    earned: order.points_earned,
    redeemed: order.points_redeemed,
    billPaise: Number(order.items_paise) - Number(order.delivery_discount_paise),
    returnedBeforePaise: Number(before.paise),
    returnedNowPaise: p.amountPaise,
  });
  const base = { vendorId: order.vendor_id, customerId: order.shop_customer_id, orderId: p.orderId, creditNoteId: p.creditNoteId };
  await write(trx, [
    { ...base, points: -takeBack, kind: 'returned', at: p.at, by: p.by },
    { ...base, points: giveBack, kind: 'returned', at: p.at, by: p.by },
  ]);
}

/** A voided or deleted sale: every point it moved is moved back (earned out, redeemed back in). */
export async function reverseSalePoints(trx: Db, orderId: string, at: Date, by: string): Promise<void> {
  const rows = await trx
    .selectFrom('loyalty_points')
    .select(['vendor_id', 'customer_id', 'kind', sql<string>`sum(points)`.as('points')])
    .where('order_id', '=', orderId)
    .groupBy(['vendor_id', 'customer_id', 'kind'])
    .execute();
  await write(
    trx,
    rows
      .filter((r) => r.kind !== 'reversed')
      .map((r) => ({ vendorId: r.vendor_id, customerId: r.customer_id, orderId, points: -Number(r.points), kind: 'reversed', at, by })),
  );
}
