import { z } from 'zod';
import { EXPIRY_WINDOWS } from '../batch';
import { daySchema, idSchema, rupees } from './common';

/** A batch number as printed on the pack: 1 to 40 characters. */
const batchNumberSchema = z.string({ error: 'fillRequired' }).trim().min(1, { error: 'fillRequired' }).max(40, { error: 'tooLong' });

/** A purchase line's batch (a product kept in batches): its number, expiry day, and the MRP and cost printed or paid. */
export const purchaseBatchInput = z.object({
  number: batchNumberSchema,
  expiry: daySchema,
  mrp: rupees.optional(),
  cost: rupees.optional(),
});
export type PurchaseBatchInput = z.infer<typeof purchaseBatchInput>;

/** One batch of a product: quantity in the product's unit, money in rupees. */
export const batchDto = z.object({
  _id: z.string(),
  productId: z.string(),
  number: z.string(),
  /** YYYY-MM-DD; null: the opening batch, no expiry. */
  expiry: z.string().nullable(),
  expired: z.boolean(),
  quantity: z.number(),
  mrp: z.number().nullable(),
  cost: z.number().nullable(),
});
export type BatchDto = z.infer<typeof batchDto>;

/** GET /api/stock/batches: a product's batches; without productId, every batch of the shop with stock (the till's cache). */
export const batchesQuery = z.object({ productId: idSchema.optional() });
export const batchesResponse = z.array(batchDto);

/** GET /api/stock/expiring?days=30|60|90 */
export const expiringQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (EXPIRY_WINDOWS as readonly number[]).includes(d), { error: 'invalidNumeric' })
    .default(30),
});

const expiringRow = batchDto.extend({
  name: z.string(),
  nameTa: z.string(),
  unit: z.string(),
  /** Rupees per unit: the batch's cost, else the product's cost price; null: not known. */
  unitCost: z.number().nullable(),
  /** quantity × unitCost, in rupees (0 when the cost is not known). */
  value: z.number(),
});
export type ExpiringRow = z.infer<typeof expiringRow>;

export const expiringResponse = z.object({
  days: z.number(),
  /** The last day of the window, YYYY-MM-DD. */
  until: z.string(),
  rows: z.array(expiringRow),
  totals: z.object({ batches: z.number(), expired: z.number(), value: z.number() }),
});
export type ExpiringResponse = z.infer<typeof expiringResponse>;

/** POST /api/stock/expiring/write-off: the stock of these batches goes out as `expired` adjustments. */
export const writeOffSchema = z.object({ batchIds: z.array(idSchema).min(1, { error: 'fillRequired' }).max(200) });
export type WriteOffInput = z.infer<typeof writeOffSchema>;

export const writeOffResponse = z.object({
  /** The batches written off now (a batch already at 0 is skipped: writing off again changes nothing). */
  written: z.array(z.object({ batchId: z.string(), number: z.string(), productId: z.string(), quantity: z.number() })),
});
export type WriteOffResult = z.infer<typeof writeOffResponse>;
