import { describe, expect, it } from 'vitest';
import { addProfitSums, expenseForProfitPaise, noProfitSums, profitOf } from '../../../core/profit';

describe('profit', () => {
  it('takes returns from sales, restocked cost from the cost of sales, and expenses from gross profit', () => {
    // sales 662.50, returns 200.00: net 462.50; cost 368.12 less 60.00 back on the shelf: 308.12
    // gross 154.38; expenses 7,000.00: net -6,845.62
    const s = noProfitSums();
    addProfitSums(s, { salesPaise: 66250, costSoldPaise: 36812 });
    addProfitSums(s, { returnsPaise: 20000, costReturnedPaise: 6000, expensesPaise: 700000 });
    expect(profitOf(s)).toEqual({
      salesPaise: 66250,
      returnsPaise: 20000,
      costSoldPaise: 36812,
      costReturnedPaise: 6000,
      expensesPaise: 700000,
      netSalesPaise: 46250,
      cogsPaise: 30812,
      grossProfitPaise: 15438,
      netProfitPaise: -684562,
    });
  });

  it('counts an expense without its input GST only when the shop claims it', () => {
    // ₹2,360 with ₹360 input GST: ₹2,000 to a shop with a GSTIN, ₹2,360 to one without
    expect(expenseForProfitPaise(236000, 36000, true)).toBe(200000);
    expect(expenseForProfitPaise(236000, 36000, false)).toBe(236000);
  });
});
