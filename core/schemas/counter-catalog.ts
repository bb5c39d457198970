import { z } from 'zod';
import { idSchema } from './common';
import { productDto } from './product';

/** The most products one page of the counter's catalogue holds. */
export const COUNTER_PAGE_MAX = 5000;

/**
 * GET /api/products/counter-catalog: one page of the shop's products for the counter (keyset paging by id):
 * `after` is the last id of the page before (none: the first page), `limit` how many (1 to COUNTER_PAGE_MAX).
 */
export const counterCatalogQuery = z.object({
  after: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  limit: z.coerce.number().int().min(1).max(COUNTER_PAGE_MAX).default(2000),
});

/**
 * A product as the counter (till) keeps it: what it finds, prices, bills and checks stock with, and no more
 * (no description, pictures, reviews or dates): a shop of 20,000 products is saved on a slow phone link.
 * The fields are those of productDto, with the same meaning.
 */
export const counterProductDto = productDto.pick({
  _id: true,
  name: true,
  Tamil: true,
  price: true,
  shopPrice: true,
  discount: true,
  isFree: true,
  countInStock: true,
  tracksBatches: true,
  unit: true,
  packs: true,
  category: true,
  subcategory: true,
  categoryId: true,
  gst: true,
  gstRate: true,
  hsnCode: true,
  barcode: true,
  isActive: true,
  vendorId: true,
  vendorName: true,
});
export type CounterProductDto = z.infer<typeof counterProductDto>;

/** A page of the counter's catalogue, in id order; `next`: the `after` of the next page, null after the last. */
export const counterCatalogResponse = z.object({
  products: z.array(counterProductDto),
  next: z.string().nullable(),
});
export type CounterCatalogResponse = z.infer<typeof counterCatalogResponse>;
