import { coded } from '../../../core/coded';
import { istDayEnd, istDayStart } from '../../../core/dates';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import { can } from '../../../core/permissions';
import { istDayOf } from '../../../core/sale-void';
import { idSchema } from '../../../core/schemas/common';
import type { CloseShiftInput, CloseShiftResponse, OpenShiftInput, ShiftCashInput, ShiftDto } from '../../../core/schemas/shift';
import { countedRequestPaise, expectedPaise } from '../../../core/shift';
import type { Db } from '../../db';
import { sentActTime } from '../../lib/act-time';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth-user';
import { IdempotencyService } from '../platform/idempotency.service';
import { reportVendor } from '../reports/report-vendor';
import type { IdempotencyClaim } from '../sales/checkout.service';
import type { ApprovalsService } from '../staff/approvals.service';
import { loadShifts } from './shift-dto';
import { shiftFlows } from './shift-queries';

/** What opening a shift may answer besides its schema's codes. */
export const OPEN_SHIFT_CODES = [
  'deviceNotFound',
  'shiftTillRetired',
  'shiftAlreadyOpen',
  'shiftIdTaken',
  'actTimeFuture',
  'actTimeTooOld',
] as const;
/** What a pay-in, a pay-out or a close may answer besides its schema's codes. */
export const SHIFT_ACT_CODES = ['shiftNotFound', 'shiftClosed', 'actTimeFuture', 'actTimeTooOld', 'actTimeBeforeShift'] as const;

const isId = (v: string) => idSchema.safeParse(v).success;
const AFTER_OPEN = { codes: { before: 'actTimeBeforeShift' } } as const;

/**
 * A till's shifts (core/shift.ts): a person who works the till opens one with a float, takes cash in or
 * out with a reason, and closes it by counting the drawer; the close freezes what the drawer should
 * have held. One open shift per till. The opener is the shift's cashier: a cashier moves cash in and
 * closes their own shifts only, the owner and managers any of the shop's (PERMISSIONS.manageShifts).
 * Every write may come from a till's outbox with an Idempotency-Key: its answer is stored in the
 * write's own transaction, so a replay records nothing more.
 */
export class ShiftsService {
  constructor(
    private readonly db: Db,
    private readonly approvals: ApprovalsService,
  ) {}

  /**
   * POST /api/shifts: opens a shift on one of the caller's shop's tills, at the device's time when it
   * sent one. A shift id the till chose that is already this till's answers that shift again (200).
   */
  async open(user: AuthUser, input: OpenShiftInput, idem?: IdempotencyClaim): Promise<{ created: boolean; shift: ShiftDto }> {
    const shopId = sellerScope(user);
    const openedAt = sentActTime(input.at, 'at') ?? new Date();
    return this.db.transaction().execute(async (trx) => {
      // the till's row is locked: two opens of one till are decided one after the other
      const till = shopId
        ? await trx
            .selectFrom('devices')
            .select(['id', 'retired_at'])
            .where('id', '=', input.deviceId)
            .where('vendor_id', '=', shopId)
            .forNoKeyUpdate()
            .executeTakeFirst()
        : undefined;
      if (!till) throw notFound(CODE.deviceNotFound);
      if (input.id) {
        const same = await trx.selectFrom('shifts').select('device_id').where('id', '=', input.id).executeTakeFirst();
        if (same && same.device_id !== till.id) throw conflict(coded(CODE.shiftIdTaken), { field: 'id' });
        if (same) return { created: false, shift: (await loadShifts(trx, { ids: [input.id] }))[0] };
      }
      if (till.retired_at) throw conflict(coded(CODE.shiftTillRetired));
      const open = await trx
        .selectFrom('shifts')
        .select('id')
        .where('device_id', '=', till.id)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (open) throw conflict(coded(CODE.shiftAlreadyOpen), { shiftId: open.id });
      const id = input.id ?? newId();
      await trx
        .insertInto('shifts')
        .values({ id, shop_id: shopId!, device_id: till.id, opened_by: user.id, opened_at: openedAt, float_paise: toPaise(input.float) })
        .execute();
      const [shift] = await loadShifts(trx, { ids: [id] });
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(shift));
      return { created: true, shift };
    });
  }

  /** POST /api/shifts/:id/cash: cash put in or taken out of the drawer of an open shift, with why; answers the shift. */
  async moveCash(user: AuthUser, id: string, input: ShiftCashInput, idem?: IdempotencyClaim): Promise<ShiftDto> {
    return this.db.transaction().execute(async (trx) => {
      const shift = await this.reach(trx, user, id);
      if (shift.closed_at) throw conflict(coded(CODE.shiftClosed));
      const at = sentActTime(input.at, 'at', { ...AFTER_OPEN, notBefore: shift.opened_at }) ?? new Date();
      await trx
        .insertInto('shift_cash')
        .values({
          id: newId(),
          shift_id: shift.id,
          kind: input.kind,
          amount_paise: toPaise(input.amount),
          reason: input.reason,
          at,
          by_user: user.id,
        })
        .execute();
      const [answer] = await loadShifts(trx, { ids: [shift.id] });
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(answer));
      return answer;
    });
  }

  /**
   * POST /api/shifts/:id/close: the drawer as counted against what it should hold, which is frozen
   * with the close. Over or short, the close is written to the shop's audit. A closed shift is not
   * closed again (409); a replay of the close under its Idempotency-Key answers the close.
   */
  async close(user: AuthUser, id: string, input: CloseShiftInput, idem?: IdempotencyClaim): Promise<CloseShiftResponse> {
    return this.db.transaction().execute(async (trx) => {
      const shift = await this.reach(trx, user, id);
      if (shift.closed_at) throw conflict(coded(CODE.shiftClosed));
      const at = sentActTime(input.at, 'at', { ...AFTER_OPEN, notBefore: shift.opened_at }) ?? new Date();
      const expected = expectedPaise((await shiftFlows(trx, [shift])).get(shift.id)!);
      const counted = countedRequestPaise(input.counted);
      const difference = counted - expected;
      await trx
        .updateTable('shifts')
        .set({
          closed_at: at,
          closed_by: user.id,
          expected_paise: expected,
          counted_paise: counted,
          count: JSON.stringify(input.counted),
          note: input.note ?? null,
        })
        .where('id', '=', shift.id)
        .execute();
      if (difference !== 0) {
        const details = {
          expected: toRupees(expected),
          counted: toRupees(counted),
          difference: toRupees(difference),
          note: input.note ?? '',
        };
        await this.approvals.record(trx, user, { kind: 'shiftClose', ref: shift.id, reason: input.note ?? null, details }, null);
      }
      const [closed] = await loadShifts(trx, { ids: [shift.id] });
      const answer: CloseShiftResponse = {
        expected: toRupees(expected),
        counted: toRupees(counted),
        difference: toRupees(difference),
        shift: closed,
      };
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 200, JSON.stringify(answer));
      return answer;
    });
  }

  /**
   * GET /api/shifts: the shop's shifts opened on an India-time day (today unless `date`), of one till
   * when asked; a cashier's own only. An admin names the shop (`vendorId`).
   */
  async list(user: AuthUser, q: { date?: string; deviceId?: string; vendorId?: string }): Promise<{ shifts: ShiftDto[] }> {
    const shop = await reportVendor(this.db, user, q.vendorId);
    const day = q.date ?? istDayOf(new Date());
    const shifts = await loadShifts(this.db, {
      shopId: shop.id,
      from: istDayStart(day),
      until: istDayEnd(day),
      deviceId: q.deviceId,
      openedBy: can(user, 'manageShifts') ? undefined : user.id,
    });
    return { shifts };
  }

  /**
   * The shift the caller may move cash in or close, its row locked to the commit (the acts made in it
   * share-lock it, so a close counts every one): a shift of the caller's shop, and a cashier's own.
   * Anything else answers 404 like a missing shift.
   */
  private async reach(trx: Db, user: AuthUser, id: string) {
    const row = isId(id)
      ? await trx
          .selectFrom('shifts')
          .select(['id', 'shop_id', 'opened_by', 'opened_at', 'closed_at', 'float_paise'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    const shopId = sellerScope(user);
    if (!row || !shopId || row.shop_id !== shopId) throw notFound(CODE.shiftNotFound);
    if (!can(user, 'manageShifts') && row.opened_by !== user.id) throw notFound(CODE.shiftNotFound);
    return row;
  }
}
