import { z } from 'zod';

const pct = z.coerce.number({ error: 'Rates must be numbers from 0 to 100' }).min(0).max(100);

export const gstSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(100),
  rate: pct,
  hsnCode: z.string().trim().max(8).regex(/^\d{0,8}$/, { error: 'HSN code must be up to 8 digits' }).optional().default(''),
  cgst: pct.optional(),
  sgst: pct.optional(),
  igst: pct.optional(),
  isActive: z.boolean().optional().default(true),
});
export type GstInput = z.infer<typeof gstSchema>;
