import { z } from 'zod';
import { MSG } from '../messages';

export const idSchema = z.uuid({ error: 'Invalid id' });
export const idParams = z.object({ id: idSchema });

/** Optional positive integer from a query string, with a default and a cap. */
export const pageNumber = (def: number) => z.coerce.number().int().min(1).max(100000).default(def);
export const pageSize = (def: number, max = 100) => z.coerce.number().int().min(1).max(max).default(def);

/** Query-string number that may be blank ("" means not given). */
export const optionalQueryNumber = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  // prices never exceed ₹1 crore, so a larger bound means "no bound" (and stays inside integer paise)
  z.coerce.number().min(0).max(1e12).transform((v) => Math.min(v, 10_000_000)).optional(),
);

export const optionalQueryString = (max = 200) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max).optional());

/** A money amount in rupees sent by a client: non-negative, at most 2 decimals. */
export const rupees = z
  .number({ error: MSG.invalidNumeric })
  .min(0, { error: MSG.invalidNumeric })
  .max(10_000_000, { error: MSG.invalidNumeric });

export const messageResponse = z.object({ message: z.string() });
