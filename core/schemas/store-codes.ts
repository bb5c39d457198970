import { z } from 'zod';
import { idSchema } from './common';

/** POST /api/products/store-codes: give each listed product without a barcode an in-store code (core/store-code.ts). */
export const storeCodesBody = z.object({
  productIds: z.array(idSchema).min(1, { error: 'fillRequired' }).max(500),
});

/** Every listed product with its barcode: its own, or the new in-store code. */
export const storeCodesResponse = z.object({
  products: z.array(z.object({ _id: z.string(), barcode: z.string() })),
});
export type StoreCodesResponse = z.infer<typeof storeCodesResponse>;
