import { describe, expect, it } from 'vitest';
import { expenseInputGst } from './expense';

describe('expenseInputGst', () => {
  it('splits the input GST of a Tamil Nadu supplier into CGST and SGST, worked out from the amount paid', () => {
    // ₹1,180 at 18 %: taxable 1,000.00, CGST 90.00, SGST 90.00
    expect(expenseInputGst(118000, '33ABCDE1234F1Z7', 18)).toEqual({
      taxablePaise: 100000,
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
    });
    // ₹999.99 at 12 %: each half = 99999 x 12 / 224 = 5357.09 -> 5357; taxable keeps the odd paisa
    expect(expenseInputGst(99999, '33ABCDE1234F1Z7', 12)).toEqual({ taxablePaise: 89285, cgstPaise: 5357, sgstPaise: 5357, igstPaise: 0 });
  });

  it('records IGST for a supplier in another state', () => {
    // ₹1,050 at 5 %: taxable 1,000.00, IGST 50.00
    expect(expenseInputGst(105000, '27AAPFU0939F1ZV', 5)).toEqual({ taxablePaise: 100000, cgstPaise: 0, sgstPaise: 0, igstPaise: 5000 });
  });

  it('records no input GST without a GSTIN or a rate', () => {
    expect(expenseInputGst(50000, null, 18)).toEqual({ taxablePaise: 50000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(expenseInputGst(50000, '33ABCDE1234F1Z7', null)).toEqual({ taxablePaise: 50000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });
});
