/**
 * Profit for a period (docs/decisions/profit.md). Money in integer paise, before GST throughout:
 *
 * - net sales: the taxable value of the period's sales (voided ones are no sales) less the taxable
 *   value of its credit notes;
 * - cost of goods sold: each sale line's quantity x the weighted average cost recorded on the line at
 *   the sale (rounded half-up to the paisa per line), less the same for the lines of restocked returns
 *   (goods back on the shelf are no longer sold; goods returned damaged stay a cost);
 * - gross profit = net sales - cost of goods sold; net profit = gross profit - expenses, an expense
 *   counted without the input GST recorded on it when the shop claims input GST (it has a GSTIN).
 */

/** One period's sums, as read. */
export interface ProfitSums {
  salesPaise: number;
  returnsPaise: number;
  costSoldPaise: number;
  costReturnedPaise: number;
  expensesPaise: number;
}

export interface ProfitFigures extends ProfitSums {
  netSalesPaise: number;
  cogsPaise: number;
  grossProfitPaise: number;
  netProfitPaise: number;
}

export const noProfitSums = (): ProfitSums => ({
  salesPaise: 0,
  returnsPaise: 0,
  costSoldPaise: 0,
  costReturnedPaise: 0,
  expensesPaise: 0,
});

/** Adds `b` into `a`. */
export function addProfitSums(a: ProfitSums, b: Partial<ProfitSums>): void {
  for (const k of Object.keys(a) as (keyof ProfitSums)[]) a[k] += b[k] ?? 0;
}

/** Net sales, cost of goods sold, gross and net profit of a period's sums. */
export function profitOf(s: ProfitSums): ProfitFigures {
  const netSalesPaise = s.salesPaise - s.returnsPaise;
  const cogsPaise = s.costSoldPaise - s.costReturnedPaise;
  const grossProfitPaise = netSalesPaise - cogsPaise;
  return { ...s, netSalesPaise, cogsPaise, grossProfitPaise, netProfitPaise: grossProfitPaise - s.expensesPaise };
}

/**
 * What an expense costs the shop's profit: its amount, less the input GST recorded on it when the shop
 * claims input GST (a shop with its own GSTIN takes that GST back from what it owes).
 */
export const expenseForProfitPaise = (amountPaise: number, inputGstPaise: number, claimsInputGst: boolean): number =>
  claimsInputGst ? amountPaise - inputGstPaise : amountPaise;

/** At most this many days in one profit report (a year). */
export const PROFIT_MAX_DAYS = 366;
/** A period up to this many days is broken down by day; a longer one by month. */
export const PROFIT_DAILY_MAX_DAYS = 31;
