import { z } from 'zod';
import type { PlainCode } from '../coded';
import { ADDRESS_LIMITS } from './limits';

/**
 * A delivery address, the one shape every form, request and answer uses (spec §4: address, city, pincode,
 * phoneNumber, area; the longest of each: ADDRESS_LIMITS in ./limits). A pincode is 6 digits.
 */
export const PINCODE = /^\d{6}$/;

const text = (max: number, missing: PlainCode) =>
  z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: 'tooLong' });
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/**
 * An address as a request sends it. `missing` names what a blank required field answers; the
 * pincode is 6 digits wherever one is required. The contact number and the area are required
 * where the form says so (checkout needs both, registration the area).
 */
export function addressSchemaOf(missing: PlainCode, required: { phoneNumber: boolean; area: boolean }) {
  return z.object(
    {
      address: text(ADDRESS_LIMITS.address, missing),
      city: text(ADDRESS_LIMITS.city, missing),
      pincode: text(ADDRESS_LIMITS.pincode, missing).regex(PINCODE, { error: 'pincodeInvalid' }),
      phoneNumber: required.phoneNumber ? text(ADDRESS_LIMITS.phoneNumber, missing) : optionalText(ADDRESS_LIMITS.phoneNumber),
      area: required.area ? text(ADDRESS_LIMITS.area, missing) : optionalText(ADDRESS_LIMITS.area),
    },
    { error: missing },
  );
}

/** An address as stored and answered: older rows may lack the contact number or the area. */
export const storedAddressSchema = z.object({
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  phoneNumber: z.string().optional(),
  area: z.string().optional(),
});
