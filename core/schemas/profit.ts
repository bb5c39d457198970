import { z } from 'zod';
import { expenseCategoryDto } from './expense';
import { daySchema, idSchema } from './common';

/**
 * GET /api/reports/profit?from=&to=[&vendorId]: a shop's profit for India dates from..to, both included
 * (core/profit.ts). Vendor and manager: their shop's (another vendorId is 403); admin: names the vendor.
 */
export const profitQuery = z.object({ from: daySchema, to: daySchema, vendorId: idSchema.optional() });

/** One period's figures, in rupees. */
const profitFigures = z.object({
  /** The taxable value of the sales (before GST; voided sales are no sales). */
  sales: z.number(),
  /** The taxable value of the credit notes. */
  returns: z.number(),
  netSales: z.number(),
  /** Quantity x cost at the sale of the lines sold. */
  costOfSales: z.number(),
  /** The same for the lines of restocked returns, taken back out. */
  costReturned: z.number(),
  cogs: z.number(),
  grossProfit: z.number(),
  expenses: z.number(),
  netProfit: z.number(),
});

export const profitResponse = z.object({
  vendor: z.object({ _id: z.string(), name: z.string(), shopName: z.string() }),
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  totals: profitFigures,
  /** Sale lines (and restocked return lines) whose cost was not known at the sale: their cost is counted as 0. */
  linesWithoutCost: z.number(),
  /** true: the shop has a GSTIN, so expenses count without the input GST recorded on them. */
  inputGstClaimed: z.boolean(),
  expensesByCategory: z.array(z.object({ category: expenseCategoryDto, amount: z.number(), count: z.number() })),
  /** Per day (a period of up to 31 days: `period` YYYY-MM-DD) or per month (YYYY-MM); every period listed. */
  breakdown: z.object({
    by: z.enum(['day', 'month']),
    periods: z.array(profitFigures.extend({ period: z.string() })),
  }),
});
export type ProfitResponse = z.infer<typeof profitResponse>;
