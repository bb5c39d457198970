import { sql } from 'kysely';
import type { AccountRole, Role, StaffRole } from '../../../core/roles';
import type { ByDto } from '../../../core/schemas/common';
import type { StaffDto } from '../../../core/schemas/staff';
import { CODE } from '../../../core/message-codes';
import type { Db } from '../../db';
import { fieldError, notFound } from '../../lib/errors';
import { isAdmin, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth-user';

/**
 * Accounts (u) with their place on a shop's staff (ss), and the columns that say how a person works:
 * the one join every session, switch, approval and live stream resolves a person through.
 */
export const peopleJoined = (db: Db) => db.selectFrom('users as u').leftJoin('shop_staff as ss', 'ss.user_id', 'u.id');
export const PERSON_COLUMNS = [
  'u.id',
  'u.name',
  'u.phone',
  'u.role',
  'u.pin_verifier',
  'ss.role as staff_role',
  'ss.shop_id as staff_shop_id',
  'ss.name as staff_name',
] as const;

interface PersonRow {
  id: string;
  name: string;
  phone: string;
  role: AccountRole;
  staff_role: StaffRole | null;
  staff_shop_id: string | null;
  staff_name: string | null;
}

/**
 * How a person works: a staff member as their shop's role, under the name the shop knows them by, for
 * that shop; anyone else as their account (a vendor is its own shop).
 */
export const asPerson = (r: PersonRow): { id: string; name: string; phone: string; role: Role; shopId: string | null } => ({
  id: r.id,
  name: r.staff_name ?? r.name,
  phone: r.phone,
  role: r.staff_role ?? r.role,
  shopId: r.staff_shop_id ?? (r.role === 'vendor' ? r.id : null),
});

/**
 * The name a person's shop knows them by (a staff member's, else the account's) of the person whose id
 * is in `column` ('p.created_by'): peopleJoined's rule as a subquery any select takes, so every record
 * that answers `by` names its person the same way. Null when the column is null or the account is gone.
 */
export const personName = (column: string) =>
  // aliases of its own, so a column of the outer query named like peopleJoined's (u.id) is not shadowed
  sql<string | null>`(SELECT coalesce(pn_s.name, pn_u.name) FROM users pn_u LEFT JOIN shop_staff pn_s ON pn_s.user_id = pn_u.id
    WHERE pn_u.id = ${sql.ref(column)})`;

/** `by` as answers carry it ({ _id, name }) from a person's id and personName; null without an id. */
export const byOf = (id: string | null | undefined, name: string | null | undefined): ByDto | null =>
  id ? { _id: id, name: name ?? '' } : null;

/** `by` of one person by id (peopleJoined), read in the caller's transaction when it has one; null without an id. */
export async function personOf(db: Db, id: string | null | undefined): Promise<ByDto | null> {
  if (!id) return null;
  const row = await peopleJoined(db).select(['u.id', 'u.name', 'ss.name as staff_name']).where('u.id', '=', id).executeTakeFirst();
  return { _id: id, name: row ? (row.staff_name ?? row.name) : '' };
}

/** The owner and the staff of a shop (peopleJoined with PERSON_COLUMNS). */
export const shopPeople = (db: Db, shopId: string) =>
  peopleJoined(db)
    .select(PERSON_COLUMNS)
    .where((eb) => eb.or([eb('u.id', '=', shopId), eb('ss.shop_id', '=', shopId)]));

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

/** The shop a caller manages (its staff, limits, audit): its own; an admin names one (`shopId`), which must be a vendor. */
export async function managedShop(db: Db, actor: AuthUser, shopId: string | undefined): Promise<string> {
  if (!isAdmin(actor)) return sellerScope(actor)!;
  if (!shopId) throw fieldError('shopId', CODE.chooseVendor);
  const v = await db.selectFrom('users').select('id').where('id', '=', shopId).where('role', '=', 'vendor').executeTakeFirst();
  if (!v) throw notFound(CODE.vendorNotFound);
  return v.id;
}
