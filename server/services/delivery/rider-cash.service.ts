import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import { HANDOVER_HISTORY_DAYS, HANDOVER_HISTORY_MAX } from '../../../core/rider-cash';
import { idSchema } from '../../../core/schemas/common';
import type { HandoverDto, RiderCashEntry, RiderHandoverInput, RiderHandoverResponse, RidersCash } from '../../../core/schemas/rider-cash';
import type { Db } from '../../db';
import { sentActTime } from '../../lib/act-time';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isAdmin, isRider, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { IdempotencyService } from '../platform/idempotency.service';
import type { IdempotencyClaim } from '../sales/checkout.service';
import {
  accountOf,
  type CashFilter,
  collectedByRider,
  handedOverByRider,
  type HandoverRow,
  heldPaise,
  insertHandover,
  namesOf,
  recentHandovers,
  type RiderShopPaise,
  vendorOf,
} from './rider-cash.queries';

const DAY_MS = 86_400_000;
const isId = (v: string) => idSchema.safeParse(v).success;

/** What a hand-over may answer besides its schema's codes (the Idempotency-Key's are added by the route). */
export const HANDOVER_CODES = [
  'riderNotFound',
  'handoverOverHeld',
  'chooseVendor',
  'vendorNotFound',
  'actTimeFuture',
  'actTimeTooOld',
] as const;

/**
 * The cash riders collect on delivery and hand over to the shops (core/rider-cash.ts). An order a
 * rider marks delivered with "cash collected" records the cash in his hands for its shop
 * (orders.cod_collected_paise, vendor-orders.service.ts); the shop records each hand-over after
 * counting it (rider_handovers). A rider sees his own cash, shop by shop; a vendor the riders who hold
 * or held its cash; an admin every rider, or one shop's.
 */
export class RiderCashService {
  constructor(private readonly db: Db) {}

  /** GET /api/riders/cash for the caller (an admin may name one shop: `vendorId`). */
  async list(user: AuthUser, vendorId?: string, now = new Date()): Promise<RidersCash> {
    if (isRider(user)) {
      const [own] = await this.entries({ riderId: user.id }, true, now);
      return { riders: [own ?? (await this.emptyEntry(user.id))] };
    }
    if (isAdmin(user)) {
      if (vendorId && !(await vendorOf(this.db, vendorId))) throw notFound(CODE.vendorNotFound);
      return { riders: await this.entries(vendorId ? { vendorId } : {}, true, now) };
    }
    // a shop: its own riders only, whatever is asked
    return { riders: await this.entries({ vendorId: sellerScope(user) ?? user.id }, false, now) };
  }

  /**
   * POST /api/riders/:id/handovers: the shop received `amount` from the rider. Refused (409) when it is
   * more than he holds for the shop; one hand-over at a time per rider and shop (a transaction lock),
   * so two counted at once cannot both pass the check. With an Idempotency-Key the answer is stored
   * in the same transaction: a replay after a lost answer records nothing more.
   */
  async recordHandover(
    user: AuthUser,
    riderId: string,
    input: RiderHandoverInput,
    idem?: IdempotencyClaim,
  ): Promise<RiderHandoverResponse> {
    const rider = isId(riderId) ? await accountOf(this.db, riderId) : undefined;
    if (!rider || !isRider(rider)) throw notFound(CODE.riderNotFound);
    const vendor = await this.shopOf(user, input.vendorId);
    const at = sentActTime(input.at, 'at');
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`rider-cash:${vendor.id}:${rider.id}`}))`.execute(trx);
      const held = await heldPaise(trx, rider.id, vendor.id);
      const amountPaise = toPaise(input.amount);
      if (amountPaise > held) {
        throw conflict(coded(CODE.handoverOverHeld, { held: toRupees(held) }), { field: 'amount', held: toRupees(held) });
      }
      const row = await insertHandover(trx, {
        id: newId(),
        vendorId: vendor.id,
        riderId: rider.id,
        amountPaise,
        note: input.note ?? null,
        at,
        receivedBy: user.id,
      });
      const answer: RiderHandoverResponse = {
        riderId: rider.id,
        held: toRupees(held - amountPaise),
        handover: { amount: toRupees(Number(row.amount_paise)), at: new Date(row.at).toISOString(), note: row.note ?? '' },
      };
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(answer));
      return answer;
    });
  }

  /** The shop a hand-over is recorded for: a vendor's own; an admin names it (400 without, 404 for no vendor). */
  private async shopOf(user: AuthUser, requested?: string) {
    const own = isAdmin(user) ? undefined : sellerScope(user);
    if (!own && !requested) throw fieldError('vendorId', CODE.chooseVendor);
    const vendor = await vendorOf(this.db, own ?? requested!);
    if (!vendor) throw notFound(CODE.vendorNotFound);
    return vendor;
  }

  /**
   * The riders who hold or held cash under `filter` (one rider, one shop, or all), each with what he
   * holds, his recent hand-overs and, with `perShop`, the shops he holds cash for; most held first.
   */
  private async entries(filter: CashFilter, perShop: boolean, now: Date): Promise<RiderCashEntry[]> {
    const since = new Date(now.getTime() - HANDOVER_HISTORY_DAYS * DAY_MS);
    const [collected, handed, recent] = await Promise.all([
      collectedByRider(this.db, filter),
      handedOverByRider(this.db, filter),
      recentHandovers(this.db, filter, since, HANDOVER_HISTORY_MAX),
    ]);
    const held = heldByRiderAndShop(collected, handed);
    const riderIds = [...held.keys()];
    const names = await namesOf(this.db, [...riderIds, ...[...held.values()].flatMap((shops) => [...shops.keys()])]);
    const entries = riderIds.map((riderId): RiderCashEntry => {
      const shops = [...held.get(riderId)!].map(([shopId, paise]) => ({ shopId, shopName: names.get(shopId)?.shopName ?? '', paise }));
      return {
        riderId,
        name: names.get(riderId)?.name ?? '',
        held: toRupees(shops.reduce((sum, s) => sum + s.paise, 0)),
        handovers: recent.filter((h) => h.riderId === riderId).map((h) => handoverDto(h, perShop)),
        ...(perShop
          ? {
              shops: shops
                .filter((s) => s.paise > 0)
                .sort((a, b) => b.paise - a.paise || a.shopName.localeCompare(b.shopName))
                .map((s) => ({ shopId: s.shopId, shopName: s.shopName, held: toRupees(s.paise) })),
            }
          : {}),
      };
    });
    return entries.sort((a, b) => b.held - a.held || a.name.localeCompare(b.name));
  }

  /** A rider who has never held cash: nothing held, nothing handed over. */
  private async emptyEntry(riderId: string): Promise<RiderCashEntry> {
    const names = await namesOf(this.db, [riderId]);
    return { riderId, name: names.get(riderId)?.name ?? '', held: 0, handovers: [], shops: [] };
  }
}

/** Held paise by rider, then by shop: collected less handed over (every pair either side has). */
function heldByRiderAndShop(collected: readonly RiderShopPaise[], handed: readonly RiderShopPaise[]) {
  const held = new Map<string, Map<string, number>>();
  const add = (r: RiderShopPaise, sign: number) => {
    const shops = held.get(r.riderId) ?? new Map<string, number>();
    shops.set(r.vendorId, (shops.get(r.vendorId) ?? 0) + sign * r.paise);
    held.set(r.riderId, shops);
  };
  for (const r of collected) add(r, 1);
  for (const r of handed) add(r, -1);
  return held;
}

const handoverDto = (h: HandoverRow, withShop: boolean): HandoverDto => ({
  amount: toRupees(h.amountPaise),
  at: h.at.toISOString(),
  note: h.note ?? '',
  ...(withShop ? { shopName: h.shopName } : {}),
});
