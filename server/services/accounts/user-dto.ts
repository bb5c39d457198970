import { defaultInvoicePrefix } from '../../../core/invoice';
import type { UserDto } from '../../../core/schemas/user';
import type { User } from '../../db/types';
import { isVendor } from '../../security/access';

/** A user as the API shows it (never the password hash). */
export function toUserDto(u: User): UserDto {
  return {
    _id: u.id,
    name: u.name,
    email: u.email ?? '',
    phone: u.phone,
    role: u.role,
    addresses: (u.addresses ?? []) as UserDto['addresses'],
    gstNumber: u.gst_number ?? '',
    upiId: u.upi_id ?? '',
    vendorDetails: isVendor(u)
      ? {
          shopName: u.shop_name ?? '',
          commissionPercentage: Number(u.commission_percentage),
          isActive: u.vendor_active,
          invoicePrefix: u.invoice_prefix || defaultInvoicePrefix(u.shop_name || u.name),
        }
      : undefined,
    language: u.language === 'ta' ? 'ta' : 'en',
    createdAt: new Date(u.created_at).toISOString(),
  };
}
