import { type Coded, coded } from './coded';
import { stockError } from './units';

/** A coded message about one field of a request. */
export type FieldCoded = Coded & { field: string };

export { PRICE_MAX_RUPEES } from './rule-limits';

/**
 * What a product's values break beyond their schema, in the order the server refuses them: a shop
 * price of ₹0 on a product not marked free (a free one must be ₹0), a shop price above the MRP
 * (selling above MRP is not allowed in India), a discount above the shop price, then a stock figure
 * its unit does not allow. The server refuses the first; the product form shows each beside its field.
 */
export function productRuleProblems(p: {
  price?: number;
  shopPrice?: number;
  isFree?: boolean;
  discount?: number;
  countInStock?: number;
  unit: string;
}): FieldCoded[] {
  const problems: FieldCoded[] = [];
  if (p.shopPrice !== undefined) {
    if (p.isFree && p.shopPrice !== 0) problems.push({ ...coded('freeShopPrice'), field: 'shopPrice' });
    else if (!p.isFree && p.shopPrice === 0) problems.push({ ...coded('shopPriceZero'), field: 'shopPrice' });
    else if (p.price !== undefined && p.price > 0 && p.shopPrice > p.price)
      problems.push({ ...coded('shopPriceOverMrp', { mrp: p.price }), field: 'shopPrice' });
  }
  if (p.discount !== undefined && p.shopPrice !== undefined && p.discount > p.shopPrice)
    problems.push({ ...coded('discountOverPrice'), field: 'discount' });
  const stock = p.countInStock === undefined ? undefined : stockError(p.countInStock, p.unit);
  if (stock) problems.push({ ...stock, field: 'countInStock' });
  return problems;
}
