import { CODE } from '../../../core/message-codes';
import type { Db } from '../../db';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { isAdmin, isShopTeam, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';

/** What `reportVendor` may answer besides 403 (declared by the report routes). */
export const REPORT_VENDOR_CODES = ['ownSalesOnly', 'chooseVendor', 'vendorNotFound'] as const;

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
