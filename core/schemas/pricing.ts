import { z } from 'zod';
import { hasAtMost3Decimals, MAX_QUANTITY } from '../units';
import { daySchema, idSchema, rupees } from './common';

/** Price lists and schemes (core/pricing.ts): requests and answers of /api/price-lists, /api/schemes and /api/sales/till-differences. */

export const PRICE_LIST_RULES_MAX = 500;
export const PRICING_NAME_MAX = 60;
export const COMBO_ITEMS_MAX = 10;

const name = z.string({ error: 'fillRequired' }).trim().min(1, { error: 'fillRequired' }).max(PRICING_NAME_MAX, { error: 'tooLong' });

/** A quantity in sold units: above 0, at most 3 decimals. */
const pricingQuantity = z
  .number({ error: 'pricingQuantityInvalid' })
  .gt(0, { error: 'pricingQuantityInvalid' })
  .max(MAX_QUANTITY, { error: 'pricingQuantityInvalid' })
  .refine(hasAtMost3Decimals, { error: 'quantityDecimals' });

/** A percentage off: above 0, at most 100, at most 2 decimals. */
const percentOff = z
  .number({ error: 'percentOffInvalid' })
  .gt(0, { error: 'percentOffInvalid' })
  .max(100, { error: 'percentOffInvalid' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'percentOffInvalid' });

const price = rupees.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'invalidNumeric' });

/** A rule: for one product OR one category; a fixed price per base unit OR a percentage off; from a quantity on (optional). */
export const priceRuleSchema = z
  .object({
    productId: idSchema.optional(),
    categoryId: idSchema.optional(),
    price: price.optional(),
    percentOff: percentOff.optional(),
    minQuantity: pricingQuantity.optional(),
  })
  .refine((r) => (r.productId === undefined) !== (r.categoryId === undefined), { error: 'priceRuleTarget' })
  .refine((r) => (r.price === undefined) !== (r.percentOff === undefined), { error: 'priceRuleAmount' });

/** POST /api/price-lists and PUT /api/price-lists/:id. */
export const priceListSchema = z.object({
  name,
  rules: z.array(priceRuleSchema, { error: 'priceListRulesInvalid' }).max(PRICE_LIST_RULES_MAX, { error: 'priceListRulesInvalid' }),
});
export type PriceListInput = z.infer<typeof priceListSchema>;

export const priceRuleDto = z.object({
  productId: z.string().nullable(),
  categoryId: z.string().nullable(),
  price: z.number().nullable(),
  percentOff: z.number().nullable(),
  minQuantity: z.number().nullable(),
});

export const priceListDto = z.object({ _id: z.string(), name: z.string(), rules: z.array(priceRuleDto), createdAt: z.string() });
export type PriceListDto = z.infer<typeof priceListDto>;
export const priceListsResponse = z.array(priceListDto);

const productQuantity = z.object({ productId: idSchema, quantity: pricingQuantity });

const schemeCommon = { name, from: daySchema, to: daySchema };
const datesInOrder = (s: { from: string; to: string }) => s.from <= s.to;

/**
 * POST /api/schemes and PUT /api/schemes/:id (same body). `from` and `to`: India days, both included.
 * buyXgetY: for every `buy.quantity` of the buy product, `get.quantity` of the get product are free (the same
 * product: every buy + get of it, get are free); combo: the products in these quantities for `price`;
 * categoryPercent: `percentOff` off the lines of a category.
 */
export const schemeSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('buyXgetY'), ...schemeCommon, buy: productQuantity, get: productQuantity }),
      z.object({
        kind: z.literal('combo'),
        ...schemeCommon,
        items: z
          .array(productQuantity, { error: 'comboItemsInvalid' })
          .min(2, { error: 'comboItemsInvalid' })
          .max(COMBO_ITEMS_MAX, { error: 'comboItemsInvalid' }),
        price,
      }),
      z.object({ kind: z.literal('categoryPercent'), ...schemeCommon, categoryId: idSchema, percentOff }),
    ],
    { error: 'schemeKindInvalid' },
  )
  .refine(datesInOrder, { error: 'schemeDatesOrder', path: ['to'] });
export type SchemeInput = z.infer<typeof schemeSchema>;

const productQuantityDto = z.object({ productId: z.string(), quantity: z.number() });
const schemeDtoCommon = { _id: z.string(), name: z.string(), from: z.string(), to: z.string(), endedAt: z.string().nullable() };
export const schemeDto = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('buyXgetY'), ...schemeDtoCommon, buy: productQuantityDto, get: productQuantityDto }),
  z.object({ kind: z.literal('combo'), ...schemeDtoCommon, items: z.array(productQuantityDto), price: z.number() }),
  z.object({ kind: z.literal('categoryPercent'), ...schemeDtoCommon, categoryId: z.string(), percentOff: z.number() }),
]);
export type SchemeDto = z.infer<typeof schemeDto>;
export const schemesResponse = z.array(schemeDto);

/** GET /api/sales/till-differences: offline sales whose till's total differed from the server's, and which one the sale kept. */
export const tillDifferenceDto = z.object({
  orderId: z.string(),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  tillTotal: z.number(),
  serverTotal: z.number(),
  /** tillTotal − serverTotal (negative: the till charged less). */
  difference: z.number(),
  /** The total the sale kept: the till's (within the bound), or the server's (beyond it). */
  kept: z.enum(['till', 'server']),
});
export const tillDifferencesQuery = z.object({ from: daySchema.optional(), to: daySchema.optional() });
export const tillDifferencesResponse = z.array(tillDifferenceDto);
export type TillDifferenceDto = z.infer<typeof tillDifferenceDto>;
