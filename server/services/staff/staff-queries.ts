import type { StaffDto } from '../../../core/schemas/staff';
import type { Db } from '../../db';

/** A shop's staff rows with the person's phone and whether a PIN is set: the one column list of a staff member. */
export const staffJoined = (db: Db) =>
  db
    .selectFrom('shop_staff as ss')
    .innerJoin('users as su', 'su.id', 'ss.user_id')
    .select(['ss.user_id', 'ss.shop_id', 'ss.name', 'ss.role', 'ss.created_at', 'su.phone', 'su.pin_verifier']);

type StaffRow = Awaited<ReturnType<ReturnType<typeof staffJoined>['executeTakeFirstOrThrow']>>;

export const toStaffDto = (r: StaffRow): StaffDto => ({
  _id: r.user_id,
  phone: r.phone,
  name: r.name,
  role: r.role,
  shopId: r.shop_id,
  pinSet: !!r.pin_verifier,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The shop a person works for and their role there; undefined: not on any shop's staff. */
export const staffPlace = (db: Db, userId: string) =>
  db
    .selectFrom('shop_staff as ss')
    .innerJoin('users as shop', 'shop.id', 'ss.shop_id')
    .select(['ss.shop_id', 'ss.role', 'ss.name', 'shop.shop_name', 'shop.name as owner_name'])
    .where('ss.user_id', '=', userId)
    .executeTakeFirst();
