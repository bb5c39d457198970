/**
 * Scale labels: the EAN-13 a label scale prints on weighed loose goods (rice, dal), read as Odoo's
 * barcode nomenclature reads `21.....{NNDDD}`: a 2-digit prefix of the GS1 restricted-circulation
 * range (21 to 29; 20 is the shop's own in-store codes, core/store-code.ts), the item code, the value
 * and the EAN-13 check digit. The value is the weight in grams, or the price in paise (5 value digits
 * carry at most 99.999 kg, or ₹999.99: what such scales print). A loose product's barcode is its label
 * with a zero value, so a label finds its product by that code (docs/decisions/scale-barcodes.md).
 */
import { gtinCheckDigit } from './barcode';
import { netUnitPaise } from './cart';
import { type Coded, coded } from './coded';
import { mulDivRoundHalfUp } from './money';
import { fromMilli, isDecimalUnit } from './quantity';
import { quantityError, unitOf } from './units';

export const SCALE_PREFIXES = ['21', '22', '23', '24', '25', '26', '27', '28', '29'] as const;
export type ScalePrefix = (typeof SCALE_PREFIXES)[number];
export const SCALE_ITEM_DIGITS = [4, 5, 6] as const;
/** What the value digits carry: the weight in grams, or the price in paise. */
export const SCALE_VALUES = ['weight', 'price'] as const;
export type ScaleValue = (typeof SCALE_VALUES)[number];

/** A shop's label layout: its prefix, how many digits the item code has, and what the value is. */
export interface ScaleLayout {
  prefix: ScalePrefix;
  itemDigits: number;
  value: ScaleValue;
}

/** What a shop that set nothing reads: 21, a 5-digit item code, a 5-digit weight in grams. */
export const DEFAULT_SCALE_LAYOUT: ScaleLayout = { prefix: '21', itemDigits: 5, value: 'weight' };

/** The 12 digits before the check digit: prefix, item code, value. */
const DATA_DIGITS = 12;

/** How many digits the value has: what the prefix and the item code leave of the 12 (5 for a 5-digit item code). */
export const valueDigits = (layout: ScaleLayout): number => DATA_DIGITS - layout.prefix.length - layout.itemDigits;

/** The label for `item` carrying `value` (grams or paise): prefix, item code, value, check digit. */
export function scaleLabelCode(layout: ScaleLayout, item: string, value: number): string {
  const body = layout.prefix + item.padStart(layout.itemDigits, '0') + String(value).padStart(valueDigits(layout), '0');
  return body + String(gtinCheckDigit(body));
}

/** A loose product's barcode: its label with a zero value (and that code's own check digit). */
export const scaleProductCode = (layout: ScaleLayout, item: string): string => scaleLabelCode(layout, item, 0);

/** A label read: its item code, its value, and the barcode of the product it is for. */
export interface ScaleLabel {
  item: string;
  /** Grams or paise, as the layout says. */
  value: number;
  productCode: string;
}

/**
 * What a scanned code is under the shop's layout: undefined when it is no label of it (not 13 digits,
 * or another prefix: an ordinary barcode); a refusal when its check digit is wrong (a misread); else
 * the label.
 */
export function readScaleLabel(code: string, layout: ScaleLayout): ScaleLabel | { error: Coded } | undefined {
  const c = code.trim();
  if (!/^\d{13}$/.test(c) || !c.startsWith(layout.prefix)) return undefined;
  if (gtinCheckDigit(c.slice(0, DATA_DIGITS)) !== Number(c[DATA_DIGITS])) return { error: coded('scaleLabelCheckDigit') };
  const itemEnd = layout.prefix.length + layout.itemDigits;
  const item = c.slice(layout.prefix.length, itemEnd);
  return { item, value: Number(c.slice(itemEnd, DATA_DIGITS)), productCode: scaleProductCode(layout, item) };
}

/**
 * The quantity in thousandths, in steps of `step` thousandths (1 for kg, l and metre; 1000 for whole
 * units), whose line total at `netPaise` a unit is `pricePaise` by the one line rule (core/cart.ts: net
 * price times quantity, rounded half-up to the paisa). It is price / net price rounded to the nearest
 * step: when any quantity gives the label's price exactly, that one does; when none does (above ₹10 a
 * kg a gram moves the total by more than a paisa), it is the one whose total comes closest.
 */
export function quantityForPrice(pricePaise: number, netPaise: number, step = 1): number {
  return mulDivRoundHalfUp(pricePaise, 1000, netPaise * step) * step;
}

/** The product fields a label's quantity depends on: per unit, its price and discount in paise. */
export interface ScaleProduct {
  name: string;
  unit: string;
  pricePaise: number;
  discountPaise?: number;
}

/**
 * The quantity a label adds of its product: a weight in grams as kg (1250 g = 1.25 kg) or as grams;
 * a price as the quantity that price buys at the product's price less its discount (quantityForPrice).
 * A weight for goods not sold by weight, a price for goods sold free, or a quantity no line may have
 * (none, too much) is refused with its message.
 */
export function scaleQuantity(layout: ScaleLayout, value: number, product: ScaleProduct): { quantity: number } | { error: Coded } {
  const unit = unitOf(product.unit);
  let milli: number;
  if (layout.value === 'weight') {
    if (unit !== 'kg' && unit !== 'g') return { error: coded('scaleLabelNotWeighed', { name: product.name }) };
    milli = unit === 'kg' ? value : value * 1000;
  } else {
    const net = netUnitPaise(product.pricePaise, product.discountPaise ?? 0);
    if (net <= 0) return { error: coded('scaleLabelNoPrice', { name: product.name }) };
    milli = quantityForPrice(value, net, isDecimalUnit(unit) ? 1 : 1000);
  }
  const quantity = fromMilli(milli);
  const bad = quantityError(quantity, unit, product.name);
  return bad ? { error: bad } : { quantity };
}

/** The example a layout's settings show: item 123 weighing 1.250 kg, or priced ₹85.00. */
export function scaleExample(layout: ScaleLayout): { code: string; item: string; value: number } {
  const item = '123'.padStart(layout.itemDigits, '0');
  const value = layout.value === 'weight' ? 1250 : 8500;
  return { code: scaleLabelCode(layout, item, value), item, value };
}
