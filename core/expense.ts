import { lineTax, type LineTax } from './gst';
import { gstinStateCode, TAMIL_NADU_STATE_CODE } from './gstin';

/**
 * A shop's expenses (rent, electricity, wages...) and the input GST a bill with the supplier's GSTIN
 * carries. An expense's amount is what was paid, GST included; its input GST is worked out like a sale
 * line's (core/gst.ts lineTax): taxable value = amount x 100 / (100 + rate), the tax the rest; split
 * CGST/SGST when the supplier is in the shop's state (Tamil Nadu), IGST when in another state.
 * A bill without a GSTIN (or without a rate) carries no input tax credit, so none is recorded.
 */

/** The categories every shop starts with, by code; their names come from the locale (EXPENSE_CATEGORY_NAMES). */
export const DEFAULT_EXPENSE_CATEGORIES = ['rent', 'electricity', 'wages', 'transport', 'repairs', 'tea', 'other'] as const;
export type DefaultExpenseCategory = (typeof DEFAULT_EXPENSE_CATEGORIES)[number];

/** The starting categories' names in English and Tamil; a category the shop adds keeps the name it was given. */
export const EXPENSE_CATEGORY_NAMES: Record<DefaultExpenseCategory, { en: string; ta: string }> = {
  rent: { en: 'Rent', ta: 'வாடகை' },
  electricity: { en: 'Electricity', ta: 'மின்சாரம்' },
  wages: { en: 'Wages', ta: 'சம்பளம்' },
  transport: { en: 'Transport', ta: 'போக்குவரத்து' },
  repairs: { en: 'Repairs', ta: 'பழுது நீக்கம்' },
  tea: { en: 'Tea and snacks', ta: 'டீ மற்றும் சிற்றுண்டி' },
  other: { en: 'Other', ta: 'மற்றவை' },
};

/** How an expense was paid. */
export const EXPENSE_METHODS = ['cash', 'upi', 'card', 'bank'] as const;

/** The GST rates a supplier's bill can carry (percent). */
export const EXPENSE_GST_RATES = [0, 0.25, 3, 5, 12, 18, 28] as const;

export const EXPENSE_NOTE_MAX = 200;
export const EXPENSE_CATEGORY_NAME_MAX = 60;
export const EXPENSE_AMOUNT_MAX_RUPEES = 10_000_000;
/** How many days ahead an expense may be dated (a bill paid today for tomorrow's delivery); further is refused. */
export const EXPENSE_DAYS_AHEAD = 1;

/** The input GST of an expense of `amountPaise` (GST included); all zero without a GSTIN or a rate. */
export function expenseInputGst(
  amountPaise: number,
  supplierGstin: string | null | undefined,
  ratePct: number | null | undefined,
): LineTax {
  if (!supplierGstin || !ratePct) return { taxablePaise: amountPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  return lineTax(amountPaise, ratePct, gstinStateCode(supplierGstin) !== TAMIL_NADU_STATE_CODE);
}
