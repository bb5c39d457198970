/**
 * Quantities in thousandths ("milli"): the little the cart and the line rule need, apart from
 * core/units (which the cart's first screen does not load).
 */
const MILLI = 1000;

/** Units whose quantities may have decimals (kg, l, metre). */
export const DECIMAL_UNITS: readonly string[] = ['kg', 'l', 'metre'];
export const isDecimalUnit = (unit: string): boolean => DECIMAL_UNITS.includes(unit);

/** A quantity in thousandths (1.25 -> 1250). Exact for quantities with up to 3 decimals. */
export const toMilli = (quantity: number): number => Math.round(quantity * MILLI);
/** Thousandths back to a quantity (1250 -> 1.25). */
export const fromMilli = (milli: number): number => milli / MILLI;

/** How many items a line counts as in the cart badge: its quantity, or 1 for a weighed line. */
export const itemCount = (quantity: number, unit: string): number => (isDecimalUnit(unit) ? 1 : quantity);
