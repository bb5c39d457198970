import { defaultInvoicePrefix } from '../../../core/invoice';
import type { UserDto } from '../../../core/schemas/user';
import type { StaffRole } from '../../../core/roles';
import type { User } from '../../db/types';
import { isVendor } from '../../security/access';

/** A staff member's place (server/services/staff/staff-queries.ts staffPlace). */
interface StaffPlace {
  shop_id: string;
  role: StaffRole;
  name: string;
  shop_name: string | null;
  owner_name: string;
}

/** A user as the API shows it (never the password hash); a staff member with their shop and staff role. */
export function toUserDto(u: User, place?: StaffPlace): UserDto {
  return {
    _id: u.id,
    name: place?.name ?? u.name,
    email: u.email ?? '',
    phone: u.phone,
    role: place?.role ?? u.role,
    ...(place ? { shopId: place.shop_id, shopName: place.shop_name || place.owner_name } : isVendor(u) ? { shopId: u.id } : {}),
    addresses: (u.addresses ?? []) as UserDto['addresses'],
    gstNumber: u.gst_number ?? '',
    upiId: u.upi_id ?? '',
    vendorDetails: isVendor(u)
      ? {
          shopName: u.shop_name ?? '',
          commissionPercentage: Number(u.commission_percentage),
          isActive: u.vendor_active,
          invoicePrefix: u.invoice_prefix || defaultInvoicePrefix(u.shop_name || u.name),
          turnoverAbove5Crore: u.turnover_above_5_crore === true,
        }
      : undefined,
    language: u.language === 'ta' ? 'ta' : 'en',
    createdAt: new Date(u.created_at).toISOString(),
  };
}
