import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { idSchema } from '../../../core/schemas/common';
import type { Db } from '../../db';
import { conflict } from '../../lib/errors';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth-user';
import { shiftOpenAt } from './shift-queries';

/** Where an act says it was made: a counter sale's own till (its till-number claim) and the request's X-Till header. */
export interface ActPlace {
  /** The till a counter sale was numbered at (already checked as the shop's by till-numbers.ts). */
  claimed?: string;
  /** The X-Till header as sent (core/shift.ts TILL_HEADER): any text. */
  header?: string;
}

/**
 * The till an act is made at, decided here alone: a counter sale's own till, else the till the
 * session was opened on by a PIN switch, else the X-Till header when it names a till of the caller's
 * shop that is not retired (anything else in it is ignored). Null: the act is not made at a till.
 */
export async function tillOfAct(trx: Db, user: AuthUser, place: ActPlace): Promise<string | null> {
  if (place.claimed) return place.claimed;
  if (user.deviceId) return user.deviceId;
  const shopId = sellerScope(user);
  if (!place.header || !shopId || !idSchema.safeParse(place.header).success) return null;
  const till = await trx
    .selectFrom('devices')
    .select('id')
    .where('id', '=', place.header)
    .where('vendor_id', '=', shopId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return till?.id ?? null;
}

/**
 * The shift a counter sale belongs to: at a till, the shift open there at the sale's time (offline
 * sales come later with their own time; the till's queued open comes before them), else 409
 * shiftRequired and nothing is recorded. Null: not at a till, so no shift is asked for.
 */
export async function saleShift(trx: Db, user: AuthUser, place: ActPlace, at: Date): Promise<string | null> {
  const till = await tillOfAct(trx, user, place);
  if (!till) return null;
  const shift = await shiftOpenAt(trx, till, at);
  if (!shift) throw conflict(coded(CODE.shiftRequired), { deviceId: till });
  return shift.id;
}

/** The shift a payment or a return belongs to: the one open then at the till it was made at; null when none is (it is recorded all the same). */
export async function actShift(trx: Db, user: AuthUser, place: ActPlace, at: Date): Promise<string | null> {
  const till = await tillOfAct(trx, user, place);
  return till ? ((await shiftOpenAt(trx, till, at))?.id ?? null) : null;
}
