import { z } from 'zod';
import { UNITS } from '../units';
import { idSchema } from './common';

/** GET /api/stock/reorder: a vendor sees its own products; an admin every vendor's or one vendor's. */
export const reorderQuery = z.object({ vendorId: idSchema.optional() });

/** A product due for reordering (core/reorder.ts) with what it sold and what to order. */
export const reorderLineDto = z.object({
  _id: z.string(),
  name: z.string(),
  Tamil: z.string(),
  unit: z.enum(UNITS),
  /** In `unit`; may be below 0 after counter sales. */
  countInStock: z.number(),
  reOrderLevel: z.number(),
  /** Quantity sold in the last 30 days (orders not voided), in `unit`. */
  sold30: z.number(),
  /** What to order: 14 days at the 30-day rate, at least up to the reorder level; rounded up for the unit. */
  suggested: z.number(),
  /** Rupees per unit; null until known. */
  costPrice: z.number().nullable(),
  vendorId: z.string(),
  /** The supplier of the product's latest bill not cancelled (null: never bought), to group a purchase order by. */
  lastSupplier: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type ReorderLineDto = z.infer<typeof reorderLineDto>;

export const reorderResponse = z.object({
  /** The shop's name for the order text: the vendor's own, or the named vendor's for an admin ('' for all vendors). */
  shopName: z.string(),
  products: z.array(reorderLineDto),
});
export type ReorderResponse = z.infer<typeof reorderResponse>;
