import { z } from 'zod';

const pct = z.coerce
  .number({ error: 'Rates must be numbers from 0 to 100' })
  .min(0, { error: 'Rates must be numbers from 0 to 100' })
  .max(100, { error: 'Rates must be numbers from 0 to 100' });

/**
 * A GST record. When cgst/sgst/igst are left out the server fills them in
 * from the rate: CGST = SGST = rate / 2, IGST = rate.
 */
export const gstSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(100),
  rate: pct,
  hsnCode: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(8, { error: 'HSN code must be up to 8 digits' })
      .regex(/^\d{0,8}$/, { error: 'HSN code must be up to 8 digits' })
      .optional()
      .default(''),
  ),
  cgst: z.preprocess((v) => (v === '' || v === null ? undefined : v), pct.optional()),
  sgst: z.preprocess((v) => (v === '' || v === null ? undefined : v), pct.optional()),
  igst: z.preprocess((v) => (v === '' || v === null ? undefined : v), pct.optional()),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional().default(true),
});
export type GstInput = z.infer<typeof gstSchema>;

/** GET /api/gsts?active=true: only the active records. */
export const gstListQuery = z.object({
  active: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).optional()),
});

/** A GST record as the API returns it. */
export const gstDto = z.object({
  _id: z.string(),
  name: z.string(),
  rate: z.number(),
  hsnCode: z.string(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  isActive: z.boolean(),
});
export type GstDto = z.infer<typeof gstDto>;
