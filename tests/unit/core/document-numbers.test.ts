import { describe, expect, it } from 'vitest';
import { creditNoteSeries } from '../../../core/credit-note';
import {
  DOCUMENT_MARKS,
  DOCUMENT_NUMBER_MAX,
  DOCUMENT_NUMBER_PATTERN,
  documentSeries,
  INVOICE_PREFIX_MAX,
  invoiceNumber,
  invoiceSeries,
  SEQ_MAX,
} from '../../../core/invoice';
import { addBlock, takeTillNumber, TILL_NO_MAX, TILL_SEQ_MAX, tillHead, tillPrefix, type TillState } from '../../../core/till';

const LONGEST = 'W'.repeat(INVOICE_PREFIX_MAX);
const FY = '2026-27';

/** Every series of a vendor with the given prefix: invoices, tills 1, 9, 10, 99, 999 and the last, and each other document. */
function everySeries(prefix: string): string[] {
  const tills = [1, 9, 10, 99, 999, TILL_NO_MAX].map((n) => invoiceSeries(tillPrefix(prefix, n), FY));
  const others = (Object.keys(DOCUMENT_MARKS) as (keyof typeof DOCUMENT_MARKS)[]).map((k) => documentSeries(k, prefix, FY));
  return [invoiceSeries(prefix, FY), ...tills, ...others];
}

describe('document numbers (CGST rule 46(b): at most 16 characters of letters, digits, "-" and "/")', () => {
  it('fit for the longest prefix, the highest till and the highest sequence of every series', () => {
    for (const prefix of [LONGEST, 'A', 'MS', 'M2', 'SVS9']) {
      for (const series of everySeries(prefix)) {
        const last = invoiceNumber(series, SEQ_MAX);
        expect(last.length, last).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX);
        expect(last).toMatch(DOCUMENT_NUMBER_PATTERN);
      }
    }
    expect(invoiceNumber(invoiceSeries(LONGEST, FY), SEQ_MAX)).toBe('WWWWWW/26/999999');
    expect(invoiceNumber(invoiceSeries(tillPrefix(LONGEST, TILL_NO_MAX), FY), TILL_SEQ_MAX)).toBe('W-9999/26/999999');
    expect(invoiceNumber(creditNoteSeries(LONGEST, FY), SEQ_MAX)).toBe('WWW-CN/26/999999');
    expect(creditNoteSeries('MS', FY)).toBe(documentSeries('creditNote', 'MS', FY));
    expect(invoiceNumber(documentSeries('debitNote', 'MS', FY), 1)).toBe('MS-DN/26/000001');
    expect(invoiceNumber(documentSeries('purchaseOrder', 'MS', FY), 1)).toBe('MS-PO/26/000001');
  });

  it('keep the series of one vendor apart: no two heads alike, none like a prefix', () => {
    for (const prefix of [LONGEST, 'MS', 'M2']) {
      const heads = everySeries(prefix);
      expect(new Set(heads).size).toBe(heads.length);
      // only the vendor's own invoices have a head without "-", which no prefix holds
      expect(heads.filter((h) => !h.split('/')[0].includes('-'))).toEqual([invoiceSeries(prefix, FY)]);
    }
  });

  it('a till registered before with the longest prefix numbers its new sales within 16 characters', () => {
    const old: TillState = { deviceId: 'd', name: 'Front', prefix: `${LONGEST}12`, blocks: [] };
    expect(tillHead(old.prefix)).toBe('WWW-12');
    const taken = takeTillNumber(addBlock(old, { fy: FY, from: 1, to: 5 }), new Date('2026-06-01T10:00:00+05:30'));
    expect(taken?.number).toBe('WWW-12/26/000001');
  });

  it('the numbers issued before are longer: why the form changed', () => {
    for (const n of ['MS/2026-27/000018', 'MS1/2026-27/000001', 'MS/CN/2026-27/000001']) {
      expect(n.length).toBeGreaterThan(DOCUMENT_NUMBER_MAX);
    }
  });
});
