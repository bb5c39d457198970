import { z } from 'zod';
import { GST_LIMITS } from './limits';

const pct = z.coerce.number({ error: 'gstRatesRange' }).min(0, { error: 'gstRatesRange' }).max(100, { error: 'gstRatesRange' });

/**
 * A GST record. When cgst/sgst/igst are left out the server fills them in
 * from the rate: CGST = SGST = rate / 2, IGST = rate.
 */
export const gstSchema = z.object({
  name: z.string({ error: 'nameRequired' }).trim().min(1, { error: 'nameRequired' }).max(GST_LIMITS.name, { error: 'tooLong' }),
  rate: pct,
  hsnCode: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(GST_LIMITS.hsnCode, { error: 'hsnDigits' })
      .regex(/^\d{0,8}$/, { error: 'hsnDigits' })
      .optional()
      .default(''),
  ),
  cgst: z.preprocess((v) => (v === '' || v === null ? undefined : v), pct.optional()),
  sgst: z.preprocess((v) => (v === '' || v === null ? undefined : v), pct.optional()),
  igst: z.preprocess((v) => (v === '' || v === null ? undefined : v), pct.optional()),
  isActive: z.boolean({ error: 'mustBeTrueOrFalse' }).optional().default(true),
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
