/**
 * The reorder rule. A product is due for reordering when its stock is at or below its reorder level
 * (a level of 0 means "never remind me") or when it has run out. The suggested quantity covers 14 days
 * of sales at the last 30 days' rate, and at least what brings the stock back up to the reorder level;
 * rounded up to what can be bought: steps of half a unit for kg, l and metre (1.3 kg short suggests 1.5 kg),
 * whole ones for the rest.
 */
import { fromMilli, isDecimalUnit, toMilli } from './quantity';

/** How many days a suggested order should last, and the sales window the rate is taken from. */
export const REORDER_COVER_DAYS = 14;
export const SALES_WINDOW_DAYS = 30;

/** True when the product should be on the reorder list. */
export const isReorderDue = (stock: number, reorderLevel: number): boolean => stock <= 0 || (reorderLevel > 0 && stock <= reorderLevel);

export interface ReorderInput {
  stock: number;
  reorderLevel: number;
  /** Quantity sold in the last 30 days, in the product's unit. */
  sold30: number;
  unit: string;
}

/** The quantity to order: max(14 days at the 30-day rate, reorder level - stock), rounded up, never negative. */
export function suggestedQuantity({ stock, reorderLevel, sold30, unit }: ReorderInput): number {
  // in thousandths, so 0.1 + 0.2 style errors never round a figure up by a whole unit
  const cover = Math.ceil((toMilli(Math.max(0, sold30)) * REORDER_COVER_DAYS) / SALES_WINDOW_DAYS);
  const gap = toMilli(reorderLevel) - toMilli(stock);
  const milli = Math.max(0, cover, gap);
  const step = isDecimalUnit(unit) ? 500 : 1000;
  return fromMilli(Math.ceil(milli / step) * step);
}
