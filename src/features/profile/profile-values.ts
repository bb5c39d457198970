import type { UserDto } from '../../../core/schemas/user';
import type { FieldProblem } from '../../lib/schema-errors';
import { can } from '../../lib/can';

/** One saved address as the form edits it (core/schemas/address.ts): every field a text. */
export interface AddressValues {
  address: string;
  city: string;
  pincode: string;
  phoneNumber: string;
  area: string;
}

/** The Update Profile form's values, shaped like PUT /api/users/profile (an error's path is its field's). */
export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  /** Blank keeps the current password. */
  password: string;
  /** The form's own: the request has no confirmation. */
  confirm: string;
  addresses: AddressValues[];
  gstNumber: string;
  vendorDetails: { shopName: string; invoicePrefix: string; turnoverAbove5Crore: boolean };
  /** The UPI ID the counter's QR codes pay to (vendors and admins sell at the counter). */
  upiId: string;
  /** The areas the shop delivers to; none: every area. */
  deliveryAreas: string[];
  /** Asked when the phone, the password or the UPI ID changes: a signed-in phone alone may not change them. */
  currentPassword: string;
}

export const blankAddress = (): AddressValues => ({ address: '', city: '', pincode: '', phoneNumber: '', area: '' });

export const valuesOf = (p: UserDto): ProfileValues => ({
  name: p.name,
  email: p.email ?? '',
  phone: p.phone,
  password: '',
  confirm: '',
  addresses: (p.addresses ?? []).map((a) => ({ ...blankAddress(), ...a })) as AddressValues[],
  gstNumber: p.gstNumber ?? '',
  vendorDetails: {
    shopName: p.vendorDetails?.shopName ?? '',
    invoicePrefix: p.vendorDetails?.invoicePrefix ?? '',
    turnoverAbove5Crore: p.vendorDetails?.turnoverAbove5Crore ?? false,
  },
  upiId: p.upiId ?? '',
  deliveryAreas: p.deliveryAreas ?? [],
  currentPassword: '',
});

/** Who may set what: shop details for a vendor, the UPI ID for anyone who sells (vendor, admin). */
export const rolesOf = (p: UserDto) => ({ vendor: can(p, 'ownShop'), seller: can(p, 'sell') });

/** True when the form changes what needs the current password: the phone, the password or the UPI ID. */
export const needsCurrentPassword = (v: ProfileValues, p: UserDto) =>
  v.phone !== p.phone || !!v.password || (rolesOf(p).seller && v.upiId.trim() !== (p.upiId ?? ''));

/** The request made from the values: only what this account may change, the password only when a new one is typed. */
export function requestOf(v: ProfileValues, p: UserDto) {
  const { vendor, seller } = rolesOf(p);
  return {
    name: v.name,
    email: v.email.trim(),
    phone: v.phone,
    addresses: v.addresses,
    ...(v.password ? { password: v.password } : {}),
    ...(vendor ? { gstNumber: v.gstNumber, vendorDetails: v.vendorDetails, deliveryAreas: v.deliveryAreas } : {}),
    ...(seller ? { upiId: v.upiId } : {}),
    ...(needsCurrentPassword(v, p) ? { currentPassword: v.currentPassword } : {}),
  };
}

/** What the server refuses beyond the schema, and the confirmation only the form has. */
export function profileProblems(v: ProfileValues, p: UserDto): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (v.password && v.confirm !== v.password) problems.push({ field: 'confirm', code: 'passwordsMismatch' });
  if (needsCurrentPassword(v, p) && !v.currentPassword) problems.push({ field: 'currentPassword', code: 'currentPasswordRequired' });
  return problems;
}
