/**
 * Units a product is sold in. For kg, l and metre the price is per unit and a quantity may have up
 * to 3 decimals (1.25 kg); every other unit sells whole quantities. Stock is kept in the same unit
 * with the same precision. Quantities are exact in thousandths ("milli"): every sum and product is
 * done on integers.
 */
import { type Coded, coded } from './coded';
import { fromMilli, isDecimalUnit, toMilli } from './quantity';
import { MAX_QUANTITY, UNITS } from './rule-limits';

export { MAX_QUANTITY, UNITS } from './rule-limits';
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = 'pcs';

export { fromMilli, isDecimalUnit, itemCount, toMilli } from './quantity';
export const QUANTITY_DECIMALS = 3;
const MILLI = 1000;

export const isUnit = (v: unknown): v is Unit => typeof v === 'string' && (UNITS as readonly string[]).includes(v);
/** A stored or received unit, or the default for anything else (older rows, missing field). */
export const unitOf = (v: unknown): Unit => (isUnit(v) ? v : DEFAULT_UNIT);

/** GSTR-1 unit quantity codes. */
export const UQC: Record<Unit, string> = {
  pcs: 'NOS',
  kg: 'KGS',
  g: 'GMS',
  l: 'LTR',
  ml: 'MLT',
  dozen: 'DOZ',
  bunch: 'BDL',
  metre: 'MTR',
  // the UQC list (Customs' codes the GST portal takes) has no strip: PAC (packs) is the closest documented code
  strip: 'PAC',
};

/** Names for the product form's unit picker. @public */
export const UNIT_NAMES: Record<Unit, string> = {
  pcs: 'Pieces (pcs)',
  kg: 'Kilogram (kg), price per kg',
  g: 'Gram (g)',
  l: 'Litre (l), price per litre',
  ml: 'Millilitre (ml)',
  dozen: 'Dozen',
  bunch: 'Bunch',
  metre: 'Metre, price per metre',
  strip: 'Strip (of tablets)',
};

/** True when the number has at most 3 decimals (1.25, 0.125; not 0.1234). */
export const hasAtMost3Decimals = (q: number): boolean => Number.isFinite(q) && Math.abs(q * MILLI - Math.round(q * MILLI)) < 1e-6;

/** Why a quantity is not allowed for a product sold in `unit` (a coded message), or undefined when it is. */
export function quantityError(quantity: number, unit: string, name?: string): Coded | undefined {
  if (!Number.isFinite(quantity) || !(quantity > 0)) return coded('quantityPositive');
  if (quantity > MAX_QUANTITY) return coded('quantityTooLarge');
  if (!hasAtMost3Decimals(quantity)) return coded('quantityDecimals');
  if (!isDecimalUnit(unit) && !Number.isInteger(quantity)) return coded('quantityWhole', name === undefined ? { unit } : { name, unit });
  return undefined;
}

/** Why a stock figure is not allowed for `unit` (never negative here; sales may take it below zero). */
export function stockError(stock: number, unit: string): Coded | undefined {
  if (!Number.isFinite(stock) || stock < 0) return coded('stockNegative');
  if (!hasAtMost3Decimals(stock)) return coded('stockDecimals');
  if (!isDecimalUnit(unit) && !Number.isInteger(stock)) return coded('stockWhole', { unit });
  return undefined;
}

/** "1.25 kg", "2 dozen", "3" (pieces carry no unit). */
export function formatQuantity(quantity: number, unit: string): string {
  const n = Number(fromMilli(toMilli(quantity)).toFixed(QUANTITY_DECIMALS)).toString();
  return unit === DEFAULT_UNIT || !isUnit(unit) ? n : `${n} ${unit}`;
}

/** " / kg" after a price, "" for pieces: "₹68 / kg". */
export const perUnit = (unit: string): string => (unit === DEFAULT_UNIT || !isUnit(unit) ? '' : ` / ${unit}`);

/** The interface languages the unit names are written in. */
export type UnitLang = 'en' | 'ta';

/** Short unit names after a number, per language; pieces show none ("3"). */
const UNIT_SHORT: Record<UnitLang, Record<Unit, string>> = {
  en: { pcs: '', kg: 'kg', g: 'g', l: 'l', ml: 'ml', dozen: 'dozen', bunch: 'bunch', metre: 'metre', strip: 'strip' },
  ta: { pcs: '', kg: 'கி.கி.', g: 'கி.', l: 'லி.', ml: 'மி.லி.', dozen: 'டஜன்', bunch: 'கட்டு', metre: 'மீ.', strip: 'அட்டை' },
};

/** "per kg" / "ஒரு கிலோவுக்கு": after a per-unit amount ("−₹2.00 per kg"); pieces: "each". */
const PER_UNIT_WORDS: Record<UnitLang, Record<Unit, string>> = {
  en: {
    pcs: 'each',
    kg: 'per kg',
    g: 'per g',
    l: 'per l',
    ml: 'per ml',
    dozen: 'per dozen',
    bunch: 'per bunch',
    metre: 'per metre',
    strip: 'per strip',
  },
  ta: {
    pcs: 'ஒன்றுக்கு',
    kg: 'ஒரு கிலோவுக்கு',
    g: 'ஒரு கிராமுக்கு',
    l: 'ஒரு லிட்டருக்கு',
    ml: 'ஒரு மி.லி.க்கு',
    dozen: 'ஒரு டஜனுக்கு',
    bunch: 'ஒரு கட்டுக்கு',
    metre: 'ஒரு மீட்டருக்கு',
    strip: 'ஒரு அட்டைக்கு',
  },
};

/**
 * The one quantity formatter of the interface and the bills: the number with the unit's short name
 * in the language ("1.5 kg", "1.5 கி.கி.", "2 dozen"); pieces are a bare count ("3").
 */
export function unitText(lang: UnitLang) {
  const name = (unit: string) => UNIT_SHORT[lang][unitOf(unit)];
  return {
    /** The unit's short name ("kg", "கி.கி."), "" for pieces. */
    name,
    quantity: (quantity: number, unit: string): string => {
      const n = formatQuantity(quantity, DEFAULT_UNIT);
      const u = name(unit);
      return u ? `${n} ${u}` : n;
    },
    /** " / kg" after a price ("₹68 / kg"), "" for pieces. */
    perUnit: (unit: string): string => {
      const u = name(unit);
      return u ? ` / ${u}` : '';
    },
    /** "per kg", "each" for pieces: after a per-unit amount. */
    perUnitWords: (unit: string): string => PER_UNIT_WORDS[lang][unitOf(unit)],
  };
}

/** Quantities the customer's cart offers: 0.25 steps up to 10 for decimal units, else 1 to 10. */
export function cartQuantityOptions(unit: string): number[] {
  if (isDecimalUnit(unit)) return Array.from({ length: 40 }, (_, i) => (i + 1) / 4);
  return Array.from({ length: 10 }, (_, i) => i + 1);
}

/** The step of the cart's quantity box: quarter kilos, litres or metres for loose goods, else whole pieces. */
export const cartQuantityStep = (unit: string): number => (isDecimalUnit(unit) ? 0.25 : 1);

/** A quantity as exact decimal text for SQL numeric (1.25 -> "1.250"). */
export const quantityText = (quantity: number): string => (toMilli(quantity) / MILLI).toFixed(QUANTITY_DECIMALS);
