import type { AccountRole, Role, StaffRole } from '../../../core/roles';
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
