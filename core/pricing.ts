import { lineTotalPaise, netUnitPaise, unitsTimesQuantityPaise } from './cart';
import { istDay } from './dates';
import { shareProportionally } from './delivery-discount';
import { formatRupees, mulDivRoundHalfUp } from './money';

/**
 * The one pricing engine of a counter sale: the counter (online and offline) and the server's shop sale
 * run it on the same inputs, so they charge the same. Pure: no clock, no database, integers only
 * (money in paise, quantities in thousandths, percentages in hundredths of a percent).
 *
 * 1. Price per sold unit: the pack's own price when it has one, else the base unit's selling price times
 *    the pack factor; then the customer's price list (a product's rules before its category's; among the
 *    rules of the winning kind, the matching quantity break with the highest minimum wins).
 * 2. The cashier's per-unit discount (as before): the line's value is qty × (price − unit discount).
 * 3. Schemes across the basket (active on the sale's India day, from and to both included, not ended):
 *    a line takes part in at most one scheme. The combination is chosen GREEDILY: of the schemes that
 *    still apply to the lines left, the one giving the largest discount is taken first (ties: the
 *    earlier scheme in the list), its lines are used up, and so on. Greedy can miss the best mix in
 *    rare overlaps (two combos sharing a product); it is simple, deterministic and never charges more
 *    than without schemes.
 * 4. A scheme's discount is spread over all the lines of its offer in proportion to their value
 *    (largest remainder, exact paise) and folded into each line's total: the total is what is paid and
 *    GST is charged on it (CBIC circular 92/11/2019-GST; docs/schemes-and-price-lists.md).
 */

/** A price list rule: for a product or a category, a fixed price per base unit or a percentage off, from a quantity on. */
export interface PriceRule {
  productId?: string | null;
  categoryId?: string | null;
  /** Fixed price per base unit (a pack: times its factor). */
  pricePaise?: number | null;
  /** Percentage off the selling price, in hundredths of a percent (1050 = 10.5 %). */
  percentOffBp?: number | null;
  /** The break: the rule applies from this quantity (sold units, milli) on; none: from any quantity. */
  minQuantityMilli?: number | null;
}

export interface PriceList {
  id: string;
  name: string;
  rules: readonly PriceRule[];
}

interface SchemeBase {
  id: string;
  name: string;
  /** India-time days, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** When it was ended (DELETE): a sale at or after this instant does not get it. */
  endedAt?: string | null;
}
export interface ProductQuantity {
  productId: string;
  quantityMilli: number;
}
export type Scheme =
  | (SchemeBase & { kind: 'buyXgetY'; buy: ProductQuantity; get: ProductQuantity })
  | (SchemeBase & { kind: 'combo'; items: readonly ProductQuantity[]; pricePaise: number })
  | (SchemeBase & { kind: 'categoryPercent'; categoryId: string; percentOffBp: number });

export interface BasketLine {
  productId: string;
  categoryId: string | null;
  /** Quantity in sold units (packs for a pack line), milli. */
  quantityMilli: number;
  /** Base units in one sold unit, milli (1000: the base unit itself). */
  packFactorMilli?: number;
  /** The pack's own price per pack, when it has one. */
  packPricePaise?: number | null;
  /** The product's selling price per base unit. */
  sellingPricePaise: number;
  /** The cashier's discount per sold unit (already bounded by the caller's rules; capped at the price here). */
  unitDiscountPaise: number;
}

export interface PricingInput {
  lines: readonly BasketLine[];
  priceList?: PriceList | null;
  schemes?: readonly Scheme[];
  /** The sale's time (ms since epoch): its India day picks the schemes. */
  at: number;
}

export interface PricedLine {
  /** Price per sold unit applied (before the cashier's discount). */
  unitPricePaise: number;
  /** The price list whose rule set the price; null: the selling price. */
  priceListName: string | null;
  unitDiscountPaise: number;
  /** qty × (price − unit discount), rounded once (core/cart.ts lineTotalPaise). */
  valuePaise: number;
  schemeName: string | null;
  schemeDiscountPaise: number;
  /** What the line is charged: value − scheme discount. */
  totalPaise: number;
}

export interface PricedBasket {
  lines: PricedLine[];
  /** Sum of the lines' values before schemes. */
  valuePaise: number;
  schemeDiscountPaise: number;
  totalPaise: number;
}

const BP = 10_000;

/** The price less a percentage (hundredths of a percent), half-up to the paisa, never below 0. */
export const percentOffPaise = (pricePaise: number, percentOffBp: number): number =>
  mulDivRoundHalfUp(Math.max(pricePaise, 0), BP - Math.min(Math.max(percentOffBp, 0), BP), BP);

/** The price of one sold unit before any list: the pack's own price, else base price × factor. */
export function listBasePaise(line: BasketLine): number {
  const factor = line.packFactorMilli ?? 1000;
  if (factor !== 1000 && line.packPricePaise != null) return line.packPricePaise;
  return mulDivRoundHalfUp(line.sellingPricePaise, factor, 1000);
}

/** The rule of a list that prices this line, or undefined: product rules first, then category rules; the highest matching break. */
export function matchingRule(line: BasketLine, list: PriceList | null | undefined): PriceRule | undefined {
  if (!list) return undefined;
  const best = (rules: PriceRule[]) =>
    rules
      .filter((r) => (r.minQuantityMilli ?? 0) <= line.quantityMilli)
      .sort((a, b) => (b.minQuantityMilli ?? 0) - (a.minQuantityMilli ?? 0))[0];
  const byProduct = best(list.rules.filter((r) => r.productId === line.productId));
  if (byProduct) return byProduct;
  return line.categoryId ? best(list.rules.filter((r) => !r.productId && r.categoryId === line.categoryId)) : undefined;
}

/** The price per sold unit and the list that set it. */
export function unitPriceOf(
  line: BasketLine,
  list: PriceList | null | undefined,
): { unitPricePaise: number; priceListName: string | null } {
  const base = listBasePaise(line);
  const rule = matchingRule(line, list);
  if (!rule || !list) return { unitPricePaise: base, priceListName: null };
  if (rule.pricePaise != null) {
    return { unitPricePaise: mulDivRoundHalfUp(rule.pricePaise, line.packFactorMilli ?? 1000, 1000), priceListName: list.name };
  }
  return { unitPricePaise: percentOffPaise(base, rule.percentOffBp ?? 0), priceListName: list.name };
}

/** Whether a scheme runs at this instant: its India day within from..to, and not ended before it. */
export function schemeActive(s: Scheme, at: number): boolean {
  const day = istDay(at);
  if (day < s.from || day > s.to) return false;
  return !s.endedAt || at < new Date(s.endedAt).getTime();
}

interface Offer {
  lines: number[];
  discountPaise: number;
}

/** The offer a scheme makes on the lines not yet used (indexes), or undefined when it gives nothing. */
function offerOf(
  s: Scheme,
  free: number[],
  lines: readonly BasketLine[],
  net: readonly number[],
  value: readonly number[],
): Offer | undefined {
  const lineOf = (productId: string) => free.find((i) => lines[i].productId === productId);
  if (s.kind === 'buyXgetY') {
    const x = lineOf(s.buy.productId);
    const y = lineOf(s.get.productId);
    if (x === undefined || y === undefined || s.buy.quantityMilli <= 0 || s.get.quantityMilli <= 0) return undefined;
    let freeMilli: number;
    if (x === y) {
      // the same product: every (buy + get) of it, `get` are free
      freeMilli = Math.floor(lines[x].quantityMilli / (s.buy.quantityMilli + s.get.quantityMilli)) * s.get.quantityMilli;
    } else {
      freeMilli = Math.min(Math.floor(lines[x].quantityMilli / s.buy.quantityMilli) * s.get.quantityMilli, lines[y].quantityMilli);
    }
    const discountPaise = Math.min(unitsTimesQuantityPaise(net[y], freeMilli / 1000), value[y]);
    return discountPaise > 0 ? { lines: x === y ? [x] : [x, y], discountPaise } : undefined;
  }
  if (s.kind === 'combo') {
    if (!s.items.length) return undefined;
    const found = s.items.map((it) => ({ it, i: lineOf(it.productId) }));
    if (found.some((f) => f.i === undefined || f.it.quantityMilli <= 0)) return undefined;
    const sets = Math.min(...found.map((f) => Math.floor(lines[f.i!].quantityMilli / f.it.quantityMilli)));
    if (sets <= 0) return undefined;
    const itemsValue = found.reduce((sum, f) => sum + unitsTimesQuantityPaise(net[f.i!], (sets * f.it.quantityMilli) / 1000), 0);
    const discountPaise = itemsValue - sets * s.pricePaise;
    return discountPaise > 0 ? { lines: [...new Set(found.map((f) => f.i!))], discountPaise } : undefined;
  }
  const inCategory = free.filter((i) => lines[i].categoryId === s.categoryId);
  const sum = inCategory.reduce((a, i) => a + value[i], 0);
  const discountPaise = sum - percentOffPaise(sum, s.percentOffBp);
  return discountPaise > 0 ? { lines: inCategory, discountPaise } : undefined;
}

/** Prices a basket: each line's price, list, scheme and total, and the totals. */
export function priceBasket(input: PricingInput): PricedBasket {
  const { lines } = input;
  const priced = lines.map((l) => unitPriceOf(l, input.priceList));
  const discounts = lines.map((l, i) => Math.min(Math.max(l.unitDiscountPaise, 0), Math.max(priced[i].unitPricePaise, 0)));
  const net = priced.map((p, i) => netUnitPaise(p.unitPricePaise, discounts[i]));
  const value = priced.map((p, i) => lineTotalPaise(p.unitPricePaise, discounts[i], lines[i].quantityMilli / 1000));
  const schemeName: (string | null)[] = lines.map(() => null);
  const schemeDiscount = lines.map(() => 0);

  const active = (input.schemes ?? []).filter((s) => schemeActive(s, input.at));
  let free = lines.map((_, i) => i).filter((i) => lines[i].quantityMilli > 0);
  let left = [...active];
  for (;;) {
    let best: { s: Scheme; offer: Offer } | undefined;
    for (const s of left) {
      const offer = offerOf(s, free, lines, net, value);
      if (offer && (!best || offer.discountPaise > best.offer.discountPaise)) best = { s, offer };
    }
    if (!best) break;
    const { s, offer } = best;
    const shares = shareProportionally(
      offer.discountPaise,
      offer.lines.map((i) => value[i]),
    );
    offer.lines.forEach((i, k) => {
      schemeDiscount[i] = Math.min(shares[k], value[i]);
      schemeName[i] = s.name;
    });
    free = free.filter((i) => !offer.lines.includes(i));
    left = left.filter((x) => x !== s);
  }

  const out = lines.map((_, i): PricedLine => ({
    unitPricePaise: priced[i].unitPricePaise,
    priceListName: priced[i].priceListName,
    unitDiscountPaise: discounts[i],
    valuePaise: value[i],
    schemeName: schemeName[i],
    schemeDiscountPaise: schemeDiscount[i],
    totalPaise: value[i] - schemeDiscount[i],
  }));
  const sum = (f: (l: PricedLine) => number) => out.reduce((a, l) => a + f(l), 0);
  return {
    lines: out,
    valuePaise: sum((l) => l.valuePaise),
    schemeDiscountPaise: sum((l) => l.schemeDiscountPaise),
    totalPaise: sum((l) => l.totalPaise),
  };
}

/**
 * The till's total kept on an offline sale (core/pricing's parity rule): the difference to the server's
 * total spread over the lines in proportion to their totals (largest remainder, exact paise), so each
 * line's total, and its GST, is what was paid. Returns each line's adjustment (negative: charged less).
 */
export function tillAdjustments(lineTotalsPaise: readonly number[], tillTotalPaise: number): number[] {
  const server = lineTotalsPaise.reduce((a, b) => a + b, 0);
  const diff = tillTotalPaise - server;
  if (diff === 0) return lineTotalsPaise.map(() => 0);
  const shares = shareProportionally(Math.abs(diff), [...lineTotalsPaise]);
  return shares.map((s) => (diff < 0 ? -s : s));
}

/**
 * The bound on a till's total against the server's (a cashier may not give goods away by sending a low
 * till total): at least 0, and within TILL_TOLERANCE_BP (10 %) of the server's total or
 * TILL_TOLERANCE_MIN_PAISE (₹10), whichever is larger (prices and schemes that changed while the till was
 * offline move a bill by a little, not more). A bill the server prices at 0 keeps 0.
 */
export const TILL_TOLERANCE_BP = 1_000;
export const TILL_TOLERANCE_MIN_PAISE = 1_000;
export const tillTotalAllowed = (serverTotalPaise: number, tillTotalPaise: number): boolean =>
  tillTotalPaise >= 0 &&
  (serverTotalPaise > 0 || tillTotalPaise === 0) &&
  Math.abs(tillTotalPaise - serverTotalPaise) <=
    Math.max(mulDivRoundHalfUp(serverTotalPaise, TILL_TOLERANCE_BP, BP), TILL_TOLERANCE_MIN_PAISE);

/**
 * What a bill line says of its pricing: the price list and the scheme with its discount
 * ("Wholesale · Buy 2 get 1: −₹40.00"); '' when neither. The names are the shop's own, shown as typed.
 */
export function linePricingNote(l: { priceListName?: string | null; schemeName?: string | null; schemeDiscount?: number | null }): string {
  const parts = [l.priceListName ?? '', l.schemeName ? `${l.schemeName}: −${formatRupees(l.schemeDiscount ?? 0)}` : ''];
  return parts.filter(Boolean).join(' · ');
}
