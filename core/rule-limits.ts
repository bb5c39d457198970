/**
 * The limits that messages name as well as rules check: plain values with no imports, so the message
 * catalogues and the rules that return coded messages can both read them without a cycle.
 */

/** Units a product is sold in (core/units.ts has their rules). */
export const UNITS = ['pcs', 'kg', 'g', 'l', 'ml', 'dozen', 'bunch', 'metre', 'strip'] as const;

/** The largest quantity of one line or sale (any unit). */
export const MAX_QUANTITY = 1000;

/** The highest MRP or shop price a product may have: ₹1 crore (a typo's extra zeros are refused, not saved). */
export const PRICE_MAX_RUPEES = 10_000_000;
/** The same limit as the messages write it (Indian digit grouping). */
export const PRICE_MAX_TEXT = '₹1,00,00,000';
