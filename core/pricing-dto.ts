import { toPaise } from './money';
import type { PriceList, Scheme } from './pricing';
import { toMilli } from './quantity';
import type { PriceListDto, SchemeDto } from './schemas/pricing';

/**
 * The API's price lists and schemes (core/schemas/pricing.ts: rupees, sold units, percentages) in the pricing
 * engine's terms (core/pricing.ts: paise, thousandths, hundredths of a percent). No zod here: the counter's
 * first load reads it.
 */

/** A price list as the API gives it, in the engine's terms (paise, milli, hundredths of a percent). */
export const priceListOfDto = (dto: PriceListDto): PriceList => ({
  id: dto._id,
  name: dto.name,
  rules: dto.rules.map((r) => ({
    productId: r.productId,
    categoryId: r.categoryId,
    pricePaise: r.price === null ? null : toPaise(r.price),
    percentOffBp: r.percentOff === null ? null : Math.round(r.percentOff * 100),
    minQuantityMilli: r.minQuantity === null ? null : toMilli(r.minQuantity),
  })),
});

const pq = (p: { productId: string; quantity: number }) => ({ productId: p.productId, quantityMilli: toMilli(p.quantity) });

/** A scheme as the API gives it, in the engine's terms. */
export function schemeOfDto(dto: SchemeDto): Scheme {
  const base = { id: dto._id, name: dto.name, from: dto.from, to: dto.to, endedAt: dto.endedAt };
  if (dto.kind === 'buyXgetY') return { ...base, kind: 'buyXgetY', buy: pq(dto.buy), get: pq(dto.get) };
  if (dto.kind === 'combo') return { ...base, kind: 'combo', items: dto.items.map(pq), pricePaise: toPaise(dto.price) };
  return { ...base, kind: 'categoryPercent', categoryId: dto.categoryId, percentOffBp: Math.round(dto.percentOff * 100) };
}
