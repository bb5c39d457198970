import { z } from 'zod';
import { PIN_PATTERN } from '../pin';
import { INDIAN_MOBILE } from '../phone';
import { STAFF_ROLES } from '../roles';
import { blankToUndefined, byDto, daySchema, idSchema, messageResponse } from './common';
import { USER_LIMITS } from './limits';
import { newPassword } from './user';
import { approvalSchema } from './approval';

const staffName = z
  .string({ error: 'staffNameRequired' })
  .trim()
  .min(1, { error: 'staffNameRequired' })
  .max(USER_LIMITS.name, { error: 'tooLong' });
const staffRole = z.enum(STAFF_ROLES, { error: 'staffRoleInvalid' });

/**
 * POST /api/shop/staff: the owner adds a person by phone with a role. A phone without an account gets
 * one with `password` (the person changes it later); an admin names the shop (`shopId`).
 */
export const createStaffSchema = z.object({
  phone: z.string({ error: 'invalidPhoneDot' }).trim().regex(INDIAN_MOBILE, { error: 'invalidPhoneDot' }),
  name: staffName,
  role: staffRole,
  password: z.preprocess(blankToUndefined, newPassword.optional()),
  shopId: z.preprocess(blankToUndefined, idSchema.optional()),
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

/** PUT /api/shop/staff/:id: a new name or role. */
export const updateStaffSchema = z.object({ name: staffName.optional(), role: staffRole.optional() });
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

export const staffQuery = z.object({ shopId: z.preprocess(blankToUndefined, idSchema.optional()) });

/** A member of a shop's staff; `_id` is the person's account id (what `by`, switches and approvals name). */
export const staffDto = z.object({
  _id: z.string(),
  phone: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  shopId: z.string(),
  /** Whether the person has set a till PIN. */
  pinSet: z.boolean(),
  createdAt: z.string(),
});
export type StaffDto = z.infer<typeof staffDto>;
export const staffRemovedResponse = messageResponse.extend({ staff: staffDto });

/** PUT /api/shop/staff/me/pin: the person's own PIN, with their password. */
export const setPinSchema = z.object({
  pin: z.string({ error: 'pinFormat' }).regex(PIN_PATTERN, { error: 'pinFormat' }),
  currentPassword: z.string({ error: 'fillRequired' }).min(1, { error: 'fillRequired' }).max(USER_LIMITS.password, { error: 'tooLong' }),
});

/** POST /api/devices/:id/switch: the person at the till from now on. */
export const switchSchema = z.object({
  staffId: idSchema,
  pin: z.string({ error: 'pinFormat' }).regex(PIN_PATTERN, { error: 'pinFormat' }),
});

/** What a till keeps to switch people offline: per person the salt, the iterations and SHA-256(V) of their PIN (core/pin.ts). */
export const tillPersonDto = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.enum(['vendor', ...STAFF_ROLES]),
  pin: z.object({ salt: z.string(), iterations: z.number(), check: z.string() }).nullable(),
});
export type TillPersonDto = z.infer<typeof tillPersonDto>;

/** The answer of a PIN switch: a session of that person on that till. */
export const switchResponse = z.object({
  token: z.string(),
  expiresAt: z.number(),
  person: z.object({ _id: z.string(), name: z.string(), role: z.string() }),
});
export type SwitchResponse = z.infer<typeof switchResponse>;

/** PUT /api/shop/settings: the owner's approval limits (rupees for the return amount). */
export const shopSettingsSchema = z.object({
  approvalLimits: z.object({
    discountPercent: z.number({ error: 'invalidNumeric' }).min(0, { error: 'invalidNumeric' }).max(100, { error: 'invalidNumeric' }),
    returnAmount: z.number({ error: 'invalidNumeric' }).min(0, { error: 'invalidNumeric' }).max(10_000_000, { error: 'invalidNumeric' }),
  }),
});
export type ShopSettingsDto = z.infer<typeof shopSettingsSchema>;

/** GET /api/shop/audit: a shop's approvals and changes by hand, between two India-time days, of one person or all. */
export const auditQuery = z.object({
  from: z.preprocess(blankToUndefined, daySchema.optional()),
  to: z.preprocess(blankToUndefined, daySchema.optional()),
  staffId: z.preprocess(blankToUndefined, idSchema.optional()),
  shopId: z.preprocess(blankToUndefined, idSchema.optional()),
});
export const auditEntryDto = z.object({
  _id: z.string(),
  at: z.string(),
  kind: z.string(),
  askedBy: byDto.nullable(),
  approvedBy: byDto.nullable(),
  reason: z.string().nullable(),
  ref: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export const auditResponse = z.object({ entries: z.array(auditEntryDto) });
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

/** GET /api/shop/approvers: whose PIN may approve a cashier's act (the owner and the managers with a PIN). */
export const approversResponse = z.object({
  approvers: z.array(z.object({ _id: z.string(), name: z.string(), role: z.enum(['vendor', 'manager']) })),
});
export type ApproversDto = z.infer<typeof approversResponse>;

/** POST /api/shop/drawer: the drawer opened without a sale, with why. */
export const drawerOpenSchema = z.object({
  reason: z.string({ error: 'fillRequired' }).trim().min(2, { error: 'fillRequired' }).max(200, { error: 'tooLong' }),
  approval: approvalSchema.optional(),
});
