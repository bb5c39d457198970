import { CODE } from '../../../core/message-codes';
import type { Db } from '../../db';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { isAdmin, isShopTeam, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import type { ByDto } from '../../../core/schemas/common';
import { asPerson, shopPeople } from '../staff/staff-queries';

/** What `reportVendor` may answer besides 403 (declared by the report routes). */
export const REPORT_VENDOR_CODES = ['ownSalesOnly', 'chooseVendor', 'vendorNotFound'] as const;
/** What a report filtered to one person (`reportPerson`) may answer besides them. */
export const REPORT_PERSON_CODES = [...REPORT_VENDOR_CODES, 'staffNotFound'] as const;

/**
 * Which vendor's sales a report (GSTR-1, the day's close) may show: a vendor its own only (another
 * vendorId is 403); an admin must name one (400), and it must be a vendor (404).
 */
export async function reportVendor(db: Db, actor: AuthUser, requested?: string) {
  if (!isShopTeam(actor) && !isAdmin(actor)) throw forbidden(CODE.forbidden);
  const own = sellerScope(actor);
  if (own && requested && requested !== own) throw forbidden(CODE.ownSalesOnly);
  if (!own && !requested) throw fieldError('vendorId', CODE.chooseVendor);
  const vendorId = own ?? requested!;
  const vendor = await db
    .selectFrom('users')
    .select(['id', 'name', 'gst_number', 'shop_name'])
    .where('id', '=', vendorId)
    .where('role', '=', 'vendor')
    .executeTakeFirst();
  if (!vendor) throw notFound(CODE.vendorNotFound);
  return vendor;
}

/**
 * The person a report is filtered to (`staffId`): the shop's owner or one of its staff, by the name the
 * shop knows them by; null for everyone. Anyone else is 400 staffNotFound on `staffId`.
 */
export async function reportPerson(db: Db, shopId: string, staffId: string | undefined): Promise<ByDto | null> {
  if (!staffId) return null;
  const row = await shopPeople(db, shopId).where('u.id', '=', staffId).executeTakeFirst();
  if (!row) throw fieldError('staffId', CODE.staffNotFound);
  return { _id: row.id, name: asPerson(row).name };
}
