import { z } from 'zod';
import { HANDOVER_MAX_RUPEES, HANDOVER_NOTE_MAX } from '../rider-cash';
import { actTimeSchema, blankToUndefined, idSchema } from './common';

/** GET /api/riders/cash: an admin may name one shop (a vendor and a rider always see their own). */
export const ridersCashQuery = z.object({ vendorId: z.preprocess(blankToUndefined, idSchema.optional()) });

/** POST /api/riders/:id/handovers: any text as the id (a malformed one is simply "Rider not found"). */
export const riderParams = z.object({ id: z.string().max(200) });

/** Rupees with paise: more than 0, at most 2 decimals. */
const handoverAmount = z
  .number({ error: 'handoverAmountPositive' })
  .refine((v) => v > 0, { error: 'handoverAmountPositive', abort: true })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'handoverAmountDecimals', abort: true })
  .refine((v) => v <= HANDOVER_MAX_RUPEES, { error: 'invalidNumeric' });

/**
 * POST /api/riders/:id/handovers: cash the shop received from the rider, counted. A vendor records it
 * for its own shop; an admin names the shop in `vendorId` (a vendor's own shop is used whatever is sent).
 */
export const riderHandoverSchema = z.object({
  amount: handoverAmount,
  note: z.preprocess(blankToUndefined, z.string().trim().max(HANDOVER_NOTE_MAX, { error: 'tooLong' }).optional()),
  vendorId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** When it was counted, by the device's clock (offline: sent later), within core/act-time.ts's limits. */
  at: actTimeSchema,
});
export type RiderHandoverInput = z.infer<typeof riderHandoverSchema>;

/** A hand-over as listed (rupees); the rider's and an admin's views name the shop it went to. */
export const handoverDto = z.object({
  amount: z.number(),
  at: z.string(),
  /** '' when none. */
  note: z.string(),
  shopName: z.string().optional(),
});
export type HandoverDto = z.infer<typeof handoverDto>;

/** What a rider holds for one shop (rupees). */
export const riderShopCash = z.object({ shopId: z.string(), shopName: z.string(), held: z.number() });

/**
 * One rider's cash (rupees): for a vendor, what he holds for that shop and his hand-overs to it; for the
 * rider himself and an admin, the total over the shops with `shops` (each shop he holds cash for).
 * Hand-overs newest first: those of the last 30 days, at most 50.
 */
export const riderCashEntry = z.object({
  riderId: z.string(),
  name: z.string(),
  held: z.number(),
  handovers: z.array(handoverDto),
  shops: z.array(riderShopCash).optional(),
});
export type RiderCashEntry = z.infer<typeof riderCashEntry>;

/** GET /api/riders/cash: a rider his own entry; a vendor the riders who hold or held its cash; an admin all, or one shop's. */
export const ridersCashResponse = z.object({ riders: z.array(riderCashEntry) });
export type RidersCash = z.infer<typeof ridersCashResponse>;

/** The hand-over recorded, and what the rider still holds for that shop (rupees). */
export const riderHandoverResponse = z.object({ riderId: z.string(), held: z.number(), handover: handoverDto });
export type RiderHandoverResponse = z.infer<typeof riderHandoverResponse>;
