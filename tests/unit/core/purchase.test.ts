import { describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../../core/gstin';
import {
  isGstSlab,
  isInterStateSupplier,
  purchaseLineTax,
  purchaseTotals,
  supplierGstinCode,
  weightedCostPaise,
} from '../../../core/purchase';
import { createPurchaseSchema } from '../../../core/schemas/purchase';

const gstin = (first14: string) => `${first14}${gstinCheckChar(first14)}`;

describe('purchase rules', () => {
  it('adds GST on top of the cost: CGST and SGST halves, or IGST from another state', () => {
    // 3 x ₹33.33 = ₹99.99; 5 % halves: 2.49975 -> ₹2.50 each
    expect(purchaseLineTax(3, 3333, 5, false)).toEqual({
      taxablePaise: 9999,
      cgstPaise: 250,
      sgstPaise: 250,
      igstPaise: 0,
      totalPaise: 10499,
    });
    expect(purchaseLineTax(3, 3333, 5, true)).toEqual({
      taxablePaise: 9999,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 500,
      totalPaise: 10499,
    });
    // 1.25 kg x ₹52.50 = ₹65.625 -> ₹65.63 (half-up); 0.25 % GST
    expect(purchaseLineTax(1.25, 5250, 0.25, false)).toMatchObject({ taxablePaise: 6563, cgstPaise: 8, sgstPaise: 8 });
    const sum = purchaseTotals([purchaseLineTax(2, 1000, 18, false), purchaseLineTax(1, 500, 0, false)]);
    expect(sum).toEqual({ taxablePaise: 2500, cgstPaise: 180, sgstPaise: 180, igstPaise: 0, totalPaise: 2860 });
  });

  it('averages the cost price by quantity, never counting stock below zero, and starts from the first cost', () => {
    expect(weightedCostPaise(60, 4000, 30, 4800)).toBe(4267);
    expect(weightedCostPaise(10, null, 5, 1234)).toBe(1234);
    expect(weightedCostPaise(-5, 4000, 10, 5000)).toBe(5000);
    expect(weightedCostPaise(0.5, 10000, 0.25, 7000)).toBe(9000);
  });

  it('tells inter-state suppliers by the GSTIN state code and checks any state', () => {
    const ka = gstin('29AABCM1234F1Z');
    expect(isInterStateSupplier(ka)).toBe(true);
    expect(isInterStateSupplier(gstin('33AABCM1234F1Z'))).toBe(false);
    expect(isInterStateSupplier(null)).toBe(false);
    expect(supplierGstinCode(ka)).toBeNull();
    expect(supplierGstinCode(`${ka.slice(0, 14)}${ka[14] === 'A' ? 'B' : 'A'}`)).toBe('gstinCheck');
    expect(supplierGstinCode('12345')).toBe('gstinFormat');
    expect(GST_RATES.filter(isGstSlab)).toEqual([0, 0.25, 3, 5, 12, 18, 28]);
  });

  it('refuses a bill dated after today (India time)', () => {
    const body = (billDate: string) => ({
      supplier: { name: 'A' },
      billNumber: '1',
      billDate,
      lines: [{ productId: '0b6f7c52-6c55-4c4e-9d43-0c8b1b0b7c01', quantity: 1, unitCost: 1, gstRate: 5 }],
    });
    const tomorrow = new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
    expect(createPurchaseSchema.safeParse(body('2024-01-01')).success).toBe(true);
    const res = createPurchaseSchema.safeParse(body(tomorrow));
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe('billDateFuture');
  });
});

const GST_RATES = [0, 0.1, 0.25, 1, 3, 5, 7, 12, 18, 28, 40];
