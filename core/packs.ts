/**
 * Packs: the ways a product is traded besides its base unit (its `unit`): a bag of 25 kg, a carton of
 * 48 pieces, a strip of 10 tablets. A pack's factor is how many base units it holds (up to 3
 * decimals, whole for a unit sold whole). Stock is always kept in the base unit; a line that names a
 * pack counts whole packs, and its base quantity is packs × factor, exact in thousandths.
 */
import { type Coded, coded } from './coded';
import { fromMilli, isDecimalUnit, toMilli } from './quantity';
import { hasAtMost3Decimals, type UnitLang, unitText } from './units';

/** A pack as the API carries it: price in rupees (null or absent: factor × the product's price). */
export interface Pack {
  name: string;
  factor: number;
  barcode?: string | null;
  price?: number | null;
}

/** At most this many packs per product, and this long a pack name. */
export const MAX_PACKS = 10;
export const PACK_NAME_MAX = 40;

const key = (name: string) => name.trim().toLowerCase();

/** The product's pack of that name (any case, spaces around ignored), or undefined. */
export function packOf<P extends { name: string }>(
  product: { packs?: readonly P[] | null },
  name: string | null | undefined,
): P | undefined {
  if (!name) return undefined;
  return (product.packs ?? []).find((p) => key(p.name) === key(name));
}

/** Base quantity in thousandths of `quantityMilli` packs of `factorMilli` each (2 bags of 25 kg: 2000, 25000 -> 50000). */
export const toBaseMilli = (quantityMilli: number, factorMilli: number): number => Math.round((quantityMilli * factorMilli) / 1000);

/** A line's quantity in the base unit: packs × factor (no pack: the quantity itself), exact to 3 decimals. */
export const baseQuantity = (quantity: number, factor?: number | null): number =>
  factor == null ? quantity : fromMilli(toBaseMilli(toMilli(quantity), toMilli(factor)));

/** What one pack costs in paise: its own price, else factor × the base unit's price (rounded to the paisa). */
export const packPricePaise = (pack: { factor: number; pricePaise?: number | null }, unitPricePaise: number): number =>
  pack.pricePaise ?? Math.round((toMilli(pack.factor) * unitPricePaise) / 1000);

/** Why a pack's factor is not allowed for a product sold in `unit`, or undefined. */
export function packFactorError(factor: number, unit: string, name: string): Coded | undefined {
  if (!Number.isFinite(factor) || !(factor > 0) || factor > 1_000_000_000 || !hasAtMost3Decimals(factor)) {
    return coded('packFactorInvalid', { name });
  }
  if (!isDecimalUnit(unit) && !Number.isInteger(factor)) return coded('packFactorWhole', { name, unit });
  return undefined;
}

/** The first problem of a product's packs (the field under `packs` and its message), or undefined. */
export function packsError(packs: readonly Pack[], unit: string): { field: string; error: Coded } | undefined {
  const seen = new Set<string>();
  const codes = new Set<string>();
  for (const [i, p] of packs.entries()) {
    const err = packFactorError(p.factor, unit, p.name);
    if (err) return { field: `packs.${i}.factor`, error: err };
    if (seen.has(key(p.name))) return { field: `packs.${i}.name`, error: coded('packNameTaken', { name: p.name }) };
    seen.add(key(p.name));
    if (p.barcode && codes.has(p.barcode)) return { field: `packs.${i}.barcode`, error: coded('barcodeTaken') };
    if (p.barcode) codes.add(p.barcode);
  }
  return undefined;
}

/** "bags" for 3 bags in English (a name ending in s is left as it is); Tamil keeps the name as given. */
const plural = (name: string, count: number, lang: UnitLang) => (lang === 'en' && count !== 1 && !/s$/i.test(name) ? `${name}s` : name);

/**
 * Stock as packs and the rest, with the largest pack: "3 bags 12.5 kg" ("3 bag 12.5 கி.கி." in
 * Tamil); no pack, or less than one of it, or below zero: the base quantity alone ("12.5 kg").
 */
export function formatPacks(stockMilli: number, unit: string, packs: readonly Pack[] | null | undefined, lang: UnitLang): string {
  const u = unitText(lang);
  const largest = [...(packs ?? [])].sort((a, b) => b.factor - a.factor)[0];
  const factorMilli = largest ? toMilli(largest.factor) : 0;
  if (!largest || factorMilli <= 0 || stockMilli < factorMilli) return u.quantity(fromMilli(stockMilli), unit);
  const count = Math.floor(stockMilli / factorMilli);
  const rest = stockMilli - count * factorMilli;
  const head = `${count} ${plural(largest.name, count, lang)}`;
  return rest > 0 ? `${head} ${u.quantity(fromMilli(rest), unit)}` : head;
}

/** What one base unit of a pack bought at `packCostPaise` cost, half-up to the paisa (₹100 for a 3 kg bag: ₹33.33 a kg). */
export const baseUnitCostPaise = (packCostPaise: number, factor: number): number =>
  Math.round((packCostPaise * 1000) / Math.round(factor * 1000));

/**
 * The cost per base unit after receiving `packs` packs of `factor` base units at `packCostPaise` each:
 * the average of the stock (never below zero; an unknown old cost counts none) at the old cost and of
 * what came in at the pack's cost / factor, rounded half-up to the paisa. Exact: the sums are in
 * thousandths × paise, never a per-unit fraction rounded first (₹100 for 3 kg stays ₹33.33 a kg).
 */
export function packWeightedCostPaise(
  oldStock: number,
  oldCostPaise: number | null,
  packs: number,
  factor: number,
  packCostPaise: number,
): number {
  const s = oldCostPaise === null ? 0n : BigInt(Math.max(toMilli(oldStock), 0));
  const q = BigInt(toBaseMilli(toMilli(packs), toMilli(factor)));
  const num = s * BigInt(oldCostPaise ?? 0) + BigInt(toMilli(packs)) * BigInt(packCostPaise);
  const den = s + q;
  if (den === 0n) return Math.round(packCostPaise / factor);
  return Number((2n * num + den) / (2n * den));
}

/**
 * A bill's quantity of what was sold: "2 bag (50 kg)" for a pack line (its base quantity when the
 * factor is known), else the quantity in its unit ("12.5 kg").
 */
export function soldQuantityText(
  units: { quantity: (q: number, unit: string) => string },
  quantity: number,
  unit: string,
  pack?: string | null,
  factor?: number | null,
): string {
  if (!pack) return units.quantity(quantity, unit);
  return factor ? `${quantity} ${pack} (${units.quantity(baseQuantity(quantity, factor), unit)})` : `${quantity} ${pack}`;
}

/**
 * What a sale line is told apart by: its product and what it is sold in (2 bags and 12.5 kg loose of one rice are
 * two lines). A base-unit line is its product's id alone; a pack line adds the pack's name, any case.
 */
export const soldInKey = (l: { productId: string; pack?: string | null }): string =>
  l.pack?.trim() ? `${l.productId}|${l.pack.trim().toLowerCase()}` : l.productId;
