import { z } from 'zod';
import { GSTIN_TEXT, gstinProblem, normalizeGstin } from '../gstin';
import { INVOICE_PREFIX_PATTERN, INVOICE_PREFIX_TEXT } from '../invoice';
import { MSG } from '../messages';
import { INDIAN_MOBILE, TEN_DIGIT_PHONE } from '../phone';
import { ROLES } from '../roles';
import { UPI_ID_PATTERN, UPI_ID_TEXT } from '../upi';

/** The interface languages: English (the spec's texts) and Tamil. */
const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
const languageSchema = z.enum(LANGUAGES, { error: 'Language must be en or ta' });

const required = (max = 200) => z.string({ error: MSG.fillRequired }).trim().min(1, { error: MSG.fillRequired }).max(max);

export const addressSchema = z.object({
  address: z.string().trim().min(1).max(300),
  city: z.string().trim().min(1).max(100),
  pincode: z.string().trim().min(1).max(10),
  phoneNumber: z.string().trim().max(15).optional().default(''),
  area: z.string().trim().max(100).optional().default(''),
});
export type Address = z.infer<typeof addressSchema>;

/** Registration address: everything but the contact number is required. */
export const registrationAddressSchema = z.object(
  {
    address: required(300),
    city: required(100),
    pincode: required(10),
    phoneNumber: z.string().trim().max(15).optional().default(''),
    area: required(100),
  },
  { error: MSG.fillRequired },
);

export const loginSchema = z.object({
  phone: z.string({ error: MSG.invalidPhone }).regex(TEN_DIGIT_PHONE, { error: MSG.invalidPhone }),
  password: z.string({ error: MSG.fillRequired }).min(1, { error: MSG.fillRequired }).max(200),
});

export const PASSWORD_MIN = 6;
export const passwordTooShort = `Password must be at least ${PASSWORD_MIN} characters`;
const newPassword = z
  .string({ error: MSG.fillRequired })
  .min(1, { error: MSG.fillRequired })
  .min(PASSWORD_MIN, { error: passwordTooShort })
  .max(200);

export const registerSchema = z.object({
  name: required(100),
  phone: z.string({ error: MSG.fillRequired }).regex(INDIAN_MOBILE, { error: MSG.invalidPhoneDot }),
  password: newPassword,
  address: registrationAddressSchema,
  /** The language the person registered in (the account's interface language). */
  language: languageSchema.optional(),
});

export const ENTER_CODE = 'Enter the 6-digit code';

/** Step 2 of registration: the 6-digit code sent by SMS to the phone. */
export const verifyRegistrationSchema = z.object({
  phone: z.string({ error: MSG.invalidPhoneDot }).regex(INDIAN_MOBILE, { error: MSG.invalidPhoneDot }),
  code: z.string({ error: ENTER_CODE }).regex(/^\d{6}$/, { error: ENTER_CODE }),
});

export const forgotPasswordSchema = z.object({
  phone: z.string({ error: MSG.invalidPhoneDot }).regex(INDIAN_MOBILE, { error: MSG.invalidPhoneDot }),
});

export const resetPasswordSchema = z.object({
  phone: z.string({ error: MSG.invalidPhoneDot }).regex(INDIAN_MOBILE, { error: MSG.invalidPhoneDot }),
  otp: z.string({ error: 'Enter the 6-digit code' }).regex(/^\d{6}$/, { error: 'Enter the 6-digit code' }),
  password: newPassword,
});

/** The profile's delivery areas hold a name that is not in the area list. */
export const unknownDeliveryArea = (area: string) => `"${area}" is not a delivery area. Choose areas from the list.`;

export const profileUpdateSchema = z.object({
  /** Absent keeps the saved name (a language-only update); empty is refused. */
  name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(100).optional(),
  email: z.union([z.literal(''), z.email({ error: 'Enter a valid email' }).max(200)]).optional(),
  phone: z.string().regex(TEN_DIGIT_PHONE, { error: MSG.invalidPhone }).optional(),
  password: z.union([z.literal(''), newPassword]).optional(),
  /** Needed to change the phone, the password or the UPI ID: a session alone is not enough. */
  currentPassword: z.string().max(200).optional(),
  addresses: z.array(addressSchema).max(20).optional(),
  /** A Tamil Nadu GSTIN (state code 33, check character; spaces dropped, upper case); '' removes it. */
  gstNumber: z
    .string()
    .max(20)
    .overwrite(normalizeGstin)
    .refine((v) => !v || !gstinProblem(v), { error: (iss) => GSTIN_TEXT[gstinProblem(String(iss.input)) ?? 'format'] })
    .optional(),
  /** The UPI ID the counter's QR codes pay to (vendor and admin); '' removes it. */
  upiId: z
    .union([z.literal(''), z.string({ error: UPI_ID_TEXT }).trim().max(320).regex(UPI_ID_PATTERN, { error: UPI_ID_TEXT })])
    .optional(),
  /** The interface language, saved with the account so it follows the user to other devices. */
  language: languageSchema.optional(),
  /** The areas the shop delivers to (vendor and admin; names from GET /misc/areas); [] delivers everywhere. */
  deliveryAreas: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  vendorDetails: z
    .object({
      shopName: z.string().trim().max(100).optional(),
      /** The vendor's invoice prefix (MS in MS/2026-27/000123); '' goes back to the shop's initials. */
      invoicePrefix: z
        .union([
          z.literal(''),
          z.string({ error: INVOICE_PREFIX_TEXT }).trim().toUpperCase().regex(INVOICE_PREFIX_PATTERN, { error: INVOICE_PREFIX_TEXT }),
        ])
        .optional(),
    })
    .optional(),
});

/** Confirms a profile's new phone with the 6-digit code sent to it. */
export const verifyPhoneSchema = z.object({
  phone: z.string({ error: MSG.invalidPhone }).regex(TEN_DIGIT_PHONE, { error: MSG.invalidPhone }),
  code: z.string({ error: ENTER_CODE }).regex(/^\d{6}$/, { error: ENTER_CODE }),
});

/** Undoes a phone change from the old phone, with the code texted there, and sets a new password. */
export const undoPhoneChangeSchema = z.object({
  phone: z.string({ error: MSG.invalidPhoneDot }).regex(INDIAN_MOBILE, { error: MSG.invalidPhoneDot }),
  code: z.string({ error: ENTER_CODE }).regex(/^\d{6}$/, { error: ENTER_CODE }),
  password: newPassword,
});

export const addressesSchema = z.object({ addresses: z.array(addressSchema).min(1).max(20) });

export const roleChangeSchema = z.object({
  userId: z.string().optional(),
  role: z.enum(ROLES, { error: 'Role must be admin, user, vendor or delivery' }),
});

export const toggleVendorSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

/** An address as stored on an account (older rows may lack the contact number or area). */
const storedAddress = z.object({
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  phoneNumber: z.string().optional(),
  area: z.string().optional(),
});

/** A user as the API shows it (never the password hash). */
export const userDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  addresses: z.array(storedAddress),
  gstNumber: z.string(),
  /** The UPI ID sales are paid to by QR code; '' when none. */
  upiId: z.string(),
  /** invoicePrefix: the prefix of the vendor's invoice numbers (its own, else its shop's initials). */
  vendorDetails: z
    .object({ shopName: z.string(), commissionPercentage: z.number(), isActive: z.boolean(), invoicePrefix: z.string() })
    .optional(),
  /** The interface language the user chose (en or ta). */
  language: z.enum(LANGUAGES),
  /** The areas the shop delivers to, sorted; [] (none chosen) delivers everywhere. Vendors and admins, profile answers only. */
  deliveryAreas: z.array(z.string()).optional(),
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
export const profileCodeSentResponse = z.object({ message: z.string(), user: userDto });
export const areasResponse = z.object({ areas: z.array(z.string()) });
export const roleChangedResponse = z.object({ message: z.string(), user: userDto });
export const vendorToggledResponse = z.object({ message: z.string(), isActive: z.boolean() });
