import { mulDivRoundHalfUp, toPaise, toRupees } from './money';
import { toMilli } from './quantity';

/** A per-unit discount as the customer gets it: never above the price, never negative (paise). */
export const cappedDiscountPaise = (pricePaise: number, discountPaise: number) =>
  Math.min(Math.max(discountPaise, 0), Math.max(pricePaise, 0));

/** Per-unit price after a per-unit discount, never below zero (paise). */
export const netUnitPaise = (pricePaise: number, discountPaise: number) =>
  Math.max(pricePaise, 0) - cappedDiscountPaise(pricePaise, discountPaise);

/**
 * The one rounding rule of a line: a per-unit amount (paise) times a quantity (up to 3 decimals),
 * rounded half-up to the paisa once. 1.25 kg at ₹68 = ₹85.00; 0.333 kg at ₹99.99 = ₹33.30.
 */
export const unitsTimesQuantityPaise = (unitPaise: number, quantity: number) =>
  mulDivRoundHalfUp(Math.max(Math.round(unitPaise), 0), toMilli(Math.max(quantity, 0)), 1000);

/** Line total = max(price - discount, 0) x quantity, in paise. Used for cart lines and shop-order lines. */
export const lineTotalPaise = (pricePaise: number, discountPaise: number, quantity: number) =>
  unitsTimesQuantityPaise(netUnitPaise(pricePaise, discountPaise), quantity);

/** The line before its discount (price x quantity), rounded by the same rule; minus lineTotalPaise it is the line's discount. */
export const lineGrossPaise = (pricePaise: number, quantity: number) => unitsTimesQuantityPaise(pricePaise, quantity);

/** The discount of a line: gross minus total, so gross - discount = total exactly. */
export const lineDiscountPaise = (pricePaise: number, discountPaise: number, quantity: number) =>
  lineGrossPaise(pricePaise, quantity) - lineTotalPaise(pricePaise, discountPaise, quantity);

/** Same rule in rupees, for screens. */
export const lineTotal = (price: number, discount: number, quantity: number) =>
  toRupees(lineTotalPaise(toPaise(price), toPaise(discount || 0), quantity));

/**
 * The discount badge, the one rule for every "n% Off" a customer or vendor sees: the whole percent the
 * customer saves against the MRP, (MRP - paid) / MRP, rounded DOWN so a badge never promises more than
 * is given (₹115 for ₹130 MRP is 11.5 %: "11% Off"). It counts whatever lowers the price below the MRP,
 * a lower shop price and a per-unit discount alike; under 1 % (or no MRP, or a price at or above it)
 * there is no badge: 0. Integers in paise, so no float rounding moves a figure across a percent.
 */
export const discountBadge = (mrpPaise: number, pricePaise: number): number =>
  mrpPaise > 0 && pricePaise >= 0 && pricePaise < mrpPaise ? Math.floor(((mrpPaise - pricePaise) * 100) / mrpPaise) : 0;
