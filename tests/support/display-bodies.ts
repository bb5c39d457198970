import type { DisplayBill, DisplayLine, DisplayMessage } from '../../core/schemas/display';

/** A line of a customer display's bill: 2 kg of rice at ₹68 unless `extra` says. */
export const displayLine = (extra: Partial<DisplayLine> = {}): DisplayLine => ({
  name: 'Ponni rice',
  nameTa: 'பொன்னி அரிசி',
  qty: 2,
  unit: 'kg',
  amount: 136,
  ...extra,
});

/** A running bill of one line at "Anbu Stores" (`extra` overrides). */
export const displayBill = (extra: Partial<DisplayBill> = {}): DisplayBill => ({
  phase: 'bill',
  shop: 'Anbu Stores',
  lines: [displayLine()],
  more: 0,
  total: 136,
  payment: { method: 'cash' },
  ...extra,
});

let last = Date.now();
/** A PUT /api/displays/state body (a display message): a new `seq` each call unless given. */
export const displayMessage = (bill: Partial<DisplayBill> = {}, seq = ++last): DisplayMessage => ({ seq, bill: displayBill(bill) });
