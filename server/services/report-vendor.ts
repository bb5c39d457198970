import type { Db } from '../db';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { isSeller, sellerScope } from '../security/access';
import type { AuthUser } from './auth.service';

/**
 * Which vendor's sales a report (GSTR-1, the day's close) may show: a vendor its own only (another
 * vendorId is 403); an admin must name one (400), and it must be a vendor (404).
 */
export async function reportVendor(db: Db, actor: AuthUser, requested?: string) {
  if (!isSeller(actor)) throw forbidden('You do not have permission to do this');
  const own = sellerScope(actor);
  if (own && requested && requested !== own) throw forbidden('Vendors can only see their own sales');
  if (!own && !requested) throw badRequest('Choose a vendor');
  const vendorId = own ?? requested!;
  const vendor = await db
    .selectFrom('users')
    .select(['id', 'name', 'gst_number', 'shop_name'])
    .where('id', '=', vendorId)
    .where('role', '=', 'vendor')
    .executeTakeFirst();
  if (!vendor) throw notFound('Vendor not found');
  return vendor;
}
