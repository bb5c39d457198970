/**
 * GST on tax-inclusive prices. For a line amount A (paise) at rate r %:
 * taxable value = A x 100 / (100 + r), rounded to the paisa; tax = A - taxable.
 * Intra-state supply splits tax into CGST and SGST (SGST takes the odd paisa); inter-state is all IGST.
 */
export interface LineTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export function lineTax(amountPaise: number, ratePct: number, interState = false): LineTax {
  const taxable = Math.round((amountPaise * 100) / (100 + ratePct));
  const tax = amountPaise - taxable;
  if (interState) return { taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgst = Math.floor(tax / 2);
  return { taxablePaise: taxable, cgstPaise: cgst, sgstPaise: tax - cgst, igstPaise: 0 };
}

/** Every shop on the marketplace is in Tamil Nadu (GST state code 33). */
export const HOME_STATE = { code: '33', name: 'Tamil Nadu' } as const;
