/**
 * Goods returned to a supplier on a debit note (docs/decisions/debit-notes.md): how much of a bill line
 * may still go back, and the taxable value and input GST a returned quantity takes back. Amounts are
 * integer paise, quantities exact thousandths (core/quantity).
 */
import { coded, type Coded } from './coded';
import type { LineTax } from './gst';
import { purchaseLineTax, purchaseTotals } from './purchase';
import { fromMilli, toMilli } from './quantity';
import { quantityError } from './units';

/** The longest reason a return may carry. */
export const DEBIT_NOTE_REASON_MAX = 200;

/** A bill line as received, with what earlier debit notes took of it. */
export interface ReturnablePurchaseLine extends LineTax {
  name: string;
  unit: string;
  /** Received on the bill. */
  quantity: number;
  /** Returned before on earlier debit notes. */
  returned: number;
  unitCostPaise: number;
  gstRate: number;
  totalPaise: number;
}

/** What of the line may still be returned: received less returned before (never below 0). */
export const purchaseReturnable = (line: Pick<ReturnablePurchaseLine, 'quantity' | 'returned'>): number =>
  fromMilli(Math.max(toMilli(line.quantity) - toMilli(line.returned), 0));

/** What is wrong with returning `quantity` of the line (its unit's rule, at most what is left), or undefined. */
export function debitNoteQuantityProblem(line: ReturnablePurchaseLine, quantity: number): Coded | undefined {
  const bad = quantityError(quantity, line.unit, line.name);
  if (bad) return bad;
  const left = purchaseReturnable(line);
  if (toMilli(quantity) > toMilli(left)) return coded('debitNoteTooMuch', { name: line.name, returnable: left });
  return undefined;
}

type Amounts = LineTax & { totalPaise: number };
const minus = (a: Amounts, b: Amounts): Amounts => ({
  taxablePaise: a.taxablePaise - b.taxablePaise,
  cgstPaise: a.cgstPaise - b.cgstPaise,
  sgstPaise: a.sgstPaise - b.sgstPaise,
  igstPaise: a.igstPaise - b.igstPaise,
  totalPaise: a.totalPaise - b.totalPaise,
});

/**
 * What returning `quantity` of the line (checked by debitNoteQuantityProblem) takes back: the bill's
 * own rule (core/purchase.ts purchaseLineTax: quantity x unit cost rounded half-up to the paisa, CGST =
 * SGST = half the rate each, or IGST) applied to all returned so far with it, less the same for what was
 * returned before. So the notes of a line never add up to more than the line, and a line returned in
 * full (in one note or several) takes back exactly its bill amounts.
 */
export function debitNoteLineTax(line: ReturnablePurchaseLine, quantity: number, interState: boolean): Amounts {
  const receivedMilli = toMilli(line.quantity);
  const upTo = (milli: number): Amounts =>
    milli >= receivedMilli
      ? {
          taxablePaise: line.taxablePaise,
          cgstPaise: line.cgstPaise,
          sgstPaise: line.sgstPaise,
          igstPaise: line.igstPaise,
          totalPaise: line.totalPaise,
        }
      : purchaseLineTax(fromMilli(milli), line.unitCostPaise, line.gstRate, interState);
  const beforeMilli = toMilli(line.returned);
  return minus(upTo(beforeMilli + toMilli(quantity)), upTo(beforeMilli));
}

/** A debit note's totals: the sum of its lines (as a bill's). */
export const debitNoteTotals = purchaseTotals;
