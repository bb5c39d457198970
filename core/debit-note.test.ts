import { describe, expect, it } from 'vitest';
import { debitNoteLineTax, debitNoteQuantityProblem, purchaseReturnable, type ReturnablePurchaseLine } from './debit-note';
import { purchaseLineTax } from './purchase';

// 3 kg at ₹33.33/kg, 5%: taxable 99.99, CGST = SGST = 2.50 (2.49975 rounded), total 104.99
const line = (returned = 0, interState = false): ReturnablePurchaseLine => ({
  name: 'Rice',
  unit: 'kg',
  quantity: 3,
  returned,
  unitCostPaise: 3333,
  gstRate: 5,
  ...purchaseLineTax(3, 3333, 5, interState),
});

describe('debit note lines', () => {
  it('takes back a part by the bill rule, and the rest exactly what the bill line is', () => {
    expect(line()).toMatchObject({ taxablePaise: 9999, cgstPaise: 250, sgstPaise: 250, totalPaise: 10499 });
    // 1.25 kg: 1.25 x 33.33 = 41.6625 -> 41.66; half of 5% = 1.0415 -> 1.04 each
    const first = debitNoteLineTax(line(), 1.25, false);
    expect(first).toEqual({ taxablePaise: 4166, cgstPaise: 104, sgstPaise: 104, igstPaise: 0, totalPaise: 4374 });
    // the rest (1.75 kg): the line less the first, 99.99 - 41.66 = 58.33; 2.50 - 1.04 = 1.46 each
    const rest = debitNoteLineTax(line(1.25), 1.75, false);
    expect(rest).toEqual({ taxablePaise: 5833, cgstPaise: 146, sgstPaise: 146, igstPaise: 0, totalPaise: 6125 });
    expect(first.totalPaise + rest.totalPaise).toBe(10499);
  });

  it('reverses IGST from a supplier of another state', () => {
    // 1 kg: 33.33, 5% IGST = 1.6665 -> 1.67
    expect(debitNoteLineTax(line(0, true), 1, true)).toEqual({
      taxablePaise: 3333,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 167,
      totalPaise: 3500,
    });
  });

  it('refuses more than received less returned', () => {
    expect(purchaseReturnable(line(1.25))).toBe(1.75);
    expect(debitNoteQuantityProblem(line(1.25), 1.75)).toBeUndefined();
    expect(debitNoteQuantityProblem(line(1.25), 1.751)).toMatchObject({
      code: 'debitNoteTooMuch',
      params: { name: 'Rice', returnable: 1.75 },
    });
  });
});
