import { z } from 'zod';
import { gstinProblem, gstinProblemCode, normalizeGstin } from '../gstin';
import { INVOICE_PREFIX_PATTERN } from '../invoice';
import { INDIAN_MOBILE, TEN_DIGIT_PHONE } from '../phone';
import { ACCOUNT_ROLES, ROLES } from '../roles';
import { addressSchemaOf, storedAddressSchema } from './address';
import { PASSWORD_MIN, USER_LIMITS } from './limits';
import { messageResponse } from './common';
import { UPI_ID_PATTERN } from '../upi';

/** The interface languages: English (the spec's texts) and Tamil. */
const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
const languageSchema = z.enum(LANGUAGES, { error: 'languageInvalid' });

const required = (max = 200) => z.string({ error: 'fillRequired' }).trim().min(1, { error: 'fillRequired' }).max(max, { error: 'tooLong' });

/** A saved address (the profile's list): the contact number and the area may be left blank. */
export const addressSchema = addressSchemaOf('fillRequired', { phoneNumber: false, area: false });
export type Address = z.infer<typeof addressSchema>;

/** Registration address: everything but the contact number is required. */
export const registrationAddressSchema = addressSchemaOf('fillRequired', { phoneNumber: false, area: true });

export const loginSchema = z.object({
  phone: z.string({ error: 'invalidPhone' }).regex(TEN_DIGIT_PHONE, { error: 'invalidPhone' }),
  password: z.string({ error: 'fillRequired' }).min(1, { error: 'fillRequired' }).max(USER_LIMITS.password, { error: 'tooLong' }),
});

export const newPassword = z
  .string({ error: 'fillRequired' })
  .min(1, { error: 'fillRequired' })
  .min(PASSWORD_MIN, { error: 'passwordTooShort' })
  .max(USER_LIMITS.password, { error: 'tooLong' });

export const registerSchema = z.object({
  name: required(USER_LIMITS.name),
  phone: z.string({ error: 'fillRequired' }).regex(INDIAN_MOBILE, { error: 'invalidPhoneDot' }),
  password: newPassword,
  address: registrationAddressSchema,
  /** The language the person registered in (the account's interface language). */
  language: languageSchema.optional(),
});

/** Step 2 of registration: the 6-digit code sent by SMS to the phone. */
export const verifyRegistrationSchema = z.object({
  phone: z.string({ error: 'invalidPhoneDot' }).regex(INDIAN_MOBILE, { error: 'invalidPhoneDot' }),
  code: z.string({ error: 'enterCode' }).regex(/^\d{6}$/, { error: 'enterCode' }),
});

export const forgotPasswordSchema = z.object({
  phone: z.string({ error: 'invalidPhoneDot' }).regex(INDIAN_MOBILE, { error: 'invalidPhoneDot' }),
});

export const resetPasswordSchema = z.object({
  phone: z.string({ error: 'invalidPhoneDot' }).regex(INDIAN_MOBILE, { error: 'invalidPhoneDot' }),
  otp: z.string({ error: 'enterCode' }).regex(/^\d{6}$/, { error: 'enterCode' }),
  password: newPassword,
});

export const profileUpdateSchema = z.object({
  /** Absent keeps the saved name (a language-only update); empty is refused. */
  name: z.string({ error: 'nameRequired' }).trim().min(1, { error: 'nameRequired' }).max(USER_LIMITS.name, { error: 'tooLong' }).optional(),
  email: z.union([z.literal(''), z.email({ error: 'emailInvalid' }).max(USER_LIMITS.email, { error: 'tooLong' })]).optional(),
  phone: z.string().regex(TEN_DIGIT_PHONE, { error: 'invalidPhone' }).optional(),
  password: z.union([z.literal(''), newPassword]).optional(),
  /** Needed to change the phone, the password or the UPI ID: a session alone is not enough. */
  currentPassword: z.string().max(USER_LIMITS.password).optional(),
  addresses: z.array(addressSchema).max(USER_LIMITS.addresses).optional(),
  /** A Tamil Nadu GSTIN (state code 33, check character; spaces dropped, upper case); '' removes it. */
  gstNumber: z
    .string()
    .max(USER_LIMITS.gstNumber)
    .overwrite(normalizeGstin)
    .refine((v) => !v || !gstinProblem(v), { error: (iss) => gstinProblemCode(gstinProblem(String(iss.input)) ?? 'format') })
    .optional(),
  /** The UPI ID the counter's QR codes pay to (vendor and admin); '' removes it. */
  upiId: z
    .union([
      z.literal(''),
      z.string({ error: 'upiInvalid' }).trim().max(USER_LIMITS.upiId, { error: 'tooLong' }).regex(UPI_ID_PATTERN, { error: 'upiInvalid' }),
    ])
    .optional(),
  /** The interface language, saved with the account so it follows the user to other devices. */
  language: languageSchema.optional(),
  /** The areas the shop delivers to (vendor and admin; names from GET /misc/areas); [] delivers everywhere. */
  deliveryAreas: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  vendorDetails: z
    .object({
      shopName: z.string().trim().max(USER_LIMITS.shopName).optional(),
      /** The vendor's invoice prefix (MS in MS/26/000123); '' goes back to the shop's initials. */
      invoicePrefix: z
        .union([
          z.literal(''),
          z.string({ error: 'invoicePrefixInvalid' }).trim().toUpperCase().regex(INVOICE_PREFIX_PATTERN, { error: 'invoicePrefixInvalid' }),
        ])
        .optional(),
      /** The shop's aggregate turnover passed ₹5 crore: its B2B invoices and credit notes are e-invoices (core/einvoice.ts). */
      turnoverAbove5Crore: z.boolean({ error: 'mustBeTrueOrFalse' }).optional(),
    })
    .optional(),
});

/** Confirms a profile's new phone with the 6-digit code sent to it. */
export const verifyPhoneSchema = z.object({
  phone: z.string({ error: 'invalidPhone' }).regex(TEN_DIGIT_PHONE, { error: 'invalidPhone' }),
  code: z.string({ error: 'enterCode' }).regex(/^\d{6}$/, { error: 'enterCode' }),
});

/** Undoes a phone change from the old phone, with the code texted there, and sets a new password. */
export const undoPhoneChangeSchema = z.object({
  phone: z.string({ error: 'invalidPhoneDot' }).regex(INDIAN_MOBILE, { error: 'invalidPhoneDot' }),
  code: z.string({ error: 'enterCode' }).regex(/^\d{6}$/, { error: 'enterCode' }),
  password: newPassword,
});

export const addressesSchema = z.object({ addresses: z.array(addressSchema).min(1).max(20) });

export const roleChangeSchema = z.object({
  userId: z.string().optional(),
  role: z.enum(ACCOUNT_ROLES, { error: 'roleInvalid' }),
});

export const toggleVendorSchema = z.object({ isActive: z.boolean({ error: 'mustBeTrueOrFalse' }) });

/** An address as stored on an account (older rows may lack the contact number or area). */

/** A user as the API shows it (never the password hash). */
export const userDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  addresses: z.array(storedAddressSchema),
  gstNumber: z.string(),
  /** The UPI ID sales are paid to by QR code; '' when none. */
  upiId: z.string(),
  /** invoicePrefix: the prefix of the vendor's invoice numbers (its own, else its shop's initials). */
  vendorDetails: z
    .object({
      shopName: z.string(),
      commissionPercentage: z.number(),
      isActive: z.boolean(),
      invoicePrefix: z.string(),
      /** The shop said its turnover passed ₹5 crore (its B2B bills are e-invoices). */
      turnoverAbove5Crore: z.boolean(),
    })
    .optional(),
  /** The interface language the user chose (en or ta). */
  language: z.enum(LANGUAGES),
  /** The shop the person works for: a vendor's own id, a staff member's owner (with `role` their staff role). */
  shopId: z.string().optional(),
  /** That shop's name (staff only). */
  shopName: z.string().optional(),
  /** The areas the shop delivers to, sorted; [] (none chosen) delivers everywhere. Vendors and admins, profile answers only. */
  deliveryAreas: z.array(z.string()).optional(),
  /** How many products the seller has (any state): a seller's own profile (its first-day checklist) and the admin's vendor list. */
  productCount: z.number().optional(),
  /** How many of them customers can see (active): the admin's vendor list (what switching the vendor off hides). */
  activeProducts: z.number().optional(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

/** Sign-in and a confirmed registration: the user, its bearer token and when the token expires (ms). */
export const sessionResponse = userDto.extend({ token: z.string(), expiresAt: z.number() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** What a vendor may know of other vendors: who they are, no contact details or commission. */
export const vendorSummary = z.object({ _id: z.string(), name: z.string(), vendorDetails: z.object({ shopName: z.string() }) });
/** GET /api/users/vendors: full accounts for admins, summaries for vendors. */
export const vendorsResponse = z.array(z.union([userDto, vendorSummary]));

/** PUT /api/users/profile with a new phone: saved, and a code was texted to the new number. */
export const profileCodeSentResponse = messageResponse.extend({ user: userDto });
export const areasResponse = z.object({ areas: z.array(z.string()) });
export const roleChangedResponse = messageResponse.extend({ user: userDto });
export const vendorToggledResponse = messageResponse.extend({ isActive: z.boolean() });
