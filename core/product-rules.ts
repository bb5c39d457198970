import { type Coded, coded } from './coded';
import { stockError } from './units';

/** A coded message about one field of a request. */
export type FieldCoded = Coded & { field: string };

/**
 * What a product's values break beyond their schema, in the order the server refuses them: a
 * discount above the shop price, then a stock figure its unit does not allow. The server refuses
 * the first; the product form shows each beside its field.
 */
export function productRuleProblems(p: { shopPrice?: number; discount?: number; countInStock?: number; unit: string }): FieldCoded[] {
  const problems: FieldCoded[] = [];
  if (p.discount !== undefined && p.shopPrice !== undefined && p.discount > p.shopPrice)
    problems.push({ ...coded('discountOverPrice'), field: 'discount' });
  const stock = p.countInStock === undefined ? undefined : stockError(p.countInStock, p.unit);
  if (stock) problems.push({ ...stock, field: 'countInStock' });
  return problems;
}
