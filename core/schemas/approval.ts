import { z } from 'zod';
import { PIN_PATTERN } from '../pin';
import { idSchema } from './common';

/** A manager's or the owner's PIN given on the spot (core/approvals.ts): on a body that needs one. */
export const approvalSchema = z.object({
  staffId: idSchema,
  pin: z.string({ error: 'pinFormat' }).regex(PIN_PATTERN, { error: 'pinFormat' }),
});
export type ApprovalInput = z.infer<typeof approvalSchema>;
