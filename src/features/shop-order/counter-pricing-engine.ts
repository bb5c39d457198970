import { cappedDiscountPaise } from '../../../core/cart';
import { toPaise, toRupees } from '../../../core/money';
import { priceBasket } from '../../../core/pricing';
import { priceListOfDto, schemeOfDto } from '../../../core/pricing-dto';
import type { PriceListDto, SchemeDto } from '../../../core/schemas/pricing';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import type { ShopOrderLine } from '../../../core/shop-order';
import { packOf } from '../../../core/packs';
import type { PricedLine } from '../../../core/pricing';
import { toMilli } from '../../../core/units';

export interface CounterPricing {
  /** Each form line's pricing by its key (lines with a product). */
  byKey: Map<string, PricedLine>;
  /** The bill's total (rupees) after price lists and schemes: what the till charges and sends as `tillTotal`. */
  total: number;
}

/**
 * The counter's form priced with the server's engine (core/pricing.ts): loaded only at a shop that has price
 * lists or schemes, so the sale screen's first load stays small. The form line's price is the price per sold
 * unit before any list (the selling price, or a pack's price).
 */
export function priceForm(
  lines: ShopOrderLine[],
  products: readonly CounterProductDto[] | null,
  list: PriceListDto | undefined,
  schemes: readonly SchemeDto[],
): CounterPricing {
  const byId = new Map((products ?? []).map((p) => [p._id, p]));
  const sold = lines.filter((l) => l.productId);
  const priced = priceBasket({
    at: Date.now(),
    priceList: list ? priceListOfDto(list) : null,
    schemes: schemes.map(schemeOfDto),
    lines: sold.map((l) => {
      const product = byId.get(l.productId);
      // a pack line's price is the pack's: a list's fixed price per base unit then counts the pack's factor, as on the server
      const pack = l.pack && product ? packOf(product, l.pack) : undefined;
      return {
        productId: l.productId,
        categoryId: product?.categoryId ?? null,
        quantityMilli: toMilli(Number(l.quantity) || 0),
        ...(pack ? { packFactorMilli: toMilli(pack.factor), packPricePaise: toPaise(l.price) } : {}),
        sellingPricePaise: toPaise(l.price),
        unitDiscountPaise: cappedDiscountPaise(toPaise(l.price), toPaise(l.discount || 0)),
      };
    }),
  });
  return { byKey: new Map(sold.map((l, i) => [l.key, priced.lines[i]])), total: toRupees(priced.totalPaise) };
}
