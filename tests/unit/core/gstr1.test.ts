import { describe, expect, it } from 'vitest';
import { lineTax } from '../../../core/gst';
import { computeGstr1, filingPeriod, gstr1Csv, gstr1PortalJson, type Gstr1Line } from '../../../core/gstr1';

const base = { date: '2025-04-10T05:00:00.000Z', isShop: false, placeOfSupply: '33', igstPaise: 0, cgstPaise: 0, sgstPaise: 0 };

/**
 * Tax snapshots worked out by hand (tax-inclusive prices, taxable = total x 100 / (100 + rate),
 * SGST takes the odd paisa):
 *  A  #101 rice  5 %  3 x 105.00 = 315.00 -> taxable 300.00, tax 15.00 = 7.50 + 7.50
 *  B  #101 soap 18 %  1 x 100.00 = 100.00 -> taxable 84.75 (84.7457..), tax 15.25 = 7.62 + 7.63
 *  C  #102 rice  5 %  2 x  49.995 = 99.99 -> taxable 95.23 (95.2285..), tax 4.76 = 2.38 + 2.38
 *  D  #105 soap 18 %  2 x  29.50 =  59.00 -> taxable 50.00, tax 9.00 = 4.50 + 4.50
 *  E  #103 rice  5 %  inter-state (pos 29) 21.00 -> taxable 20.00, IGST 1.00
 *  F  #104 veg   0 %  4 x  20.00 =  80.00 -> nil rated 80.00
 */
const LINES: Gstr1Line[] = [
  {
    ...base,
    orderNumber: 101,
    rate: 5,
    hsn: '1006',
    description: 'Rice',
    quantity: 3,
    lineTotalPaise: 31500,
    taxablePaise: 30000,
    cgstPaise: 750,
    sgstPaise: 750,
  },
  {
    ...base,
    orderNumber: 101,
    rate: 18,
    hsn: '3401',
    description: 'Soap',
    quantity: 1,
    lineTotalPaise: 10000,
    taxablePaise: 8475,
    cgstPaise: 762,
    sgstPaise: 763,
  },
  {
    ...base,
    orderNumber: 102,
    rate: 5,
    hsn: '1006',
    description: 'Rice',
    quantity: 2,
    lineTotalPaise: 9999,
    taxablePaise: 9523,
    cgstPaise: 238,
    sgstPaise: 238,
    isShop: true,
  },
  {
    ...base,
    orderNumber: 105,
    rate: 18,
    hsn: '3401',
    description: '',
    quantity: 2,
    lineTotalPaise: 5900,
    taxablePaise: 5000,
    cgstPaise: 450,
    sgstPaise: 450,
  },
  {
    ...base,
    orderNumber: 103,
    rate: 5,
    hsn: '1006',
    description: 'Rice',
    quantity: 1,
    lineTotalPaise: 2100,
    taxablePaise: 2000,
    igstPaise: 100,
    placeOfSupply: '29',
  },
  { ...base, orderNumber: 104, rate: 0, hsn: '0701', description: 'Vegetables', quantity: 4, lineTotalPaise: 8000, taxablePaise: 8000 },
];

describe('GSTR-1 computation', () => {
  it('the hand-made snapshots are what core/gst lineTax gives', () => {
    expect(lineTax(31500, 5)).toEqual({ taxablePaise: 30000, cgstPaise: 750, sgstPaise: 750, igstPaise: 0 });
    expect(lineTax(10000, 18)).toEqual({ taxablePaise: 8475, cgstPaise: 762, sgstPaise: 763, igstPaise: 0 });
    expect(lineTax(9999, 5)).toEqual({ taxablePaise: 9523, cgstPaise: 238, sgstPaise: 238, igstPaise: 0 });
    expect(lineTax(2100, 5, true)).toEqual({ taxablePaise: 2000, cgstPaise: 0, sgstPaise: 0, igstPaise: 100 });
  });

  const s = computeGstr1(LINES, '33');

  it('sums B2CS per place of supply and rate; 0 % goes to nil-rated', () => {
    expect(s.b2cs).toEqual([
      { supplyType: 'INTER', placeOfSupply: '29', rate: 5, taxablePaise: 2000, igstPaise: 100, cgstPaise: 0, sgstPaise: 0 },
      { supplyType: 'INTRA', placeOfSupply: '33', rate: 5, taxablePaise: 39523, igstPaise: 0, cgstPaise: 988, sgstPaise: 988 },
      { supplyType: 'INTRA', placeOfSupply: '33', rate: 18, taxablePaise: 13475, igstPaise: 0, cgstPaise: 1212, sgstPaise: 1213 },
    ]);
    expect(s.nil).toEqual([{ supplyType: 'INTRA', nilPaise: 8000 }]);
  });

  it('sums HSN rows with quantity and total value, description from the first named line', () => {
    expect(s.hsn).toEqual([
      {
        hsn: '0701',
        description: 'Vegetables',
        uqc: 'NOS',
        rate: 0,
        quantity: 4,
        totalValuePaise: 8000,
        taxablePaise: 8000,
        igstPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
      },
      {
        hsn: '1006',
        description: 'Rice',
        uqc: 'NOS',
        rate: 5,
        quantity: 6,
        totalValuePaise: 43599,
        taxablePaise: 41523,
        igstPaise: 100,
        cgstPaise: 988,
        sgstPaise: 988,
      },
      {
        hsn: '3401',
        description: 'Soap',
        uqc: 'NOS',
        rate: 18,
        quantity: 3,
        totalValuePaise: 15900,
        taxablePaise: 13475,
        igstPaise: 0,
        cgstPaise: 1212,
        sgstPaise: 1213,
      },
    ]);
  });

  it('totals equal the sum of the line totals; documents run from the lowest to the highest number', () => {
    expect(s.totals).toEqual({
      taxablePaise: 62998,
      igstPaise: 100,
      cgstPaise: 2200,
      sgstPaise: 2201,
      taxPaise: 4501,
      totalValuePaise: 67499,
      quantity: 13,
      invoices: 5,
    });
    expect(LINES.reduce((a, l) => a + l.lineTotalPaise, 0)).toBe(67499);
    expect(s.docs).toEqual({ count: 5, from: '101', to: '105', cancelled: 0, netIssued: 5 });
    expect(s.warnings).toEqual([]);
  });

  it('counts cancelled invoices and leaves them out of the sums', () => {
    const c = computeGstr1([...LINES, { ...LINES[0], orderNumber: 106, cancelled: true }], '33');
    expect(c.docs).toEqual({ count: 6, from: '101', to: '106', cancelled: 1, netIssued: 5 });
    expect(c.totals.totalValuePaise).toBe(67499);
  });

  it('flags lines without an HSN code', () => {
    expect(computeGstr1([{ ...LINES[0], hsn: '' }]).warnings[0]).toMatch(/no HSN code/);
  });

  it('an empty period gives zero rows and no document range', () => {
    const e = computeGstr1([]);
    expect(e.b2cs).toEqual([]);
    expect(e.docs).toEqual({ count: 0, from: '', to: '', cancelled: 0, netIssued: 0 });
    expect(gstr1PortalJson(e, { gstin: 'X', fp: '042025' }).doc_issue.doc_det).toEqual([]);
  });

  it('produces the portal JSON in rupees', () => {
    expect(filingPeriod('2025-04-01')).toBe('042025');
    const j = gstr1PortalJson(s, { gstin: '33AABCM1234F1Z5', fp: '042025' });
    expect(j.gstin).toBe('33AABCM1234F1Z5');
    expect(j.fp).toBe('042025');
    expect(j.b2cs[2]).toEqual({
      sply_ty: 'INTRA',
      pos: '33',
      typ: 'OE',
      rt: 18,
      txval: 134.75,
      iamt: 0,
      camt: 12.12,
      samt: 12.13,
      csamt: 0,
    });
    expect(j.b2cs[0]).toMatchObject({ sply_ty: 'INTER', pos: '29', iamt: 1, camt: 0 });
    expect(j.nil?.inv).toEqual([{ sply_ty: 'INTRAB2C', nil_amt: 80, expt_amt: 0, ngsup_amt: 0 }]);
    expect(j.hsn.data[1]).toEqual({
      num: 2,
      hsn_sc: '1006',
      desc: 'Rice',
      uqc: 'NOS',
      qty: 6,
      rt: 5,
      txval: 415.23,
      iamt: 1,
      camt: 9.88,
      samt: 9.88,
      csamt: 0,
    });
    expect(j.doc_issue.doc_det).toEqual([{ doc_num: 1, docs: [{ num: 1, from: '101', to: '105', totnum: 5, cancel: 0, net_issue: 5 }] }]);
  });

  it('produces a CSV with B2CS, NIL, HSN and DOCS sections and matching totals', () => {
    const csv = gstr1Csv(s);
    const rows = csv.trim().split('\r\n');
    const section = (name: string) => rows.indexOf(name);
    expect(section('B2CS')).toBe(0);
    expect(section('NIL')).toBeGreaterThan(0);
    expect(section('HSN')).toBeGreaterThan(section('NIL'));
    expect(section('DOCS')).toBeGreaterThan(section('HSN'));
    expect(rows).toContain('OE,INTRA,33-Tamil Nadu,18.00,134.75,0.00,12.12,12.13,0.00');
    expect(rows).toContain('Total,,,,549.98,1.00,22.00,22.01,0.00');
    expect(rows).toContain('1006,Rice,NOS,6,435.99,5.00,415.23,1.00,9.88,9.88,0.00');
    expect(rows).toContain('Total,,,13,674.99,,629.98,1.00,22.00,22.01,0.00');
    expect(rows).toContain('Invoices for outward supply,101,105,5,0,5');
  });

  it('quotes and defuses risky CSV text', () => {
    const csv = gstr1Csv(computeGstr1([{ ...LINES[0], description: '=HYPERLINK("x"), y' }]));
    expect(csv).toContain(`"'=HYPERLINK(""x""), y"`);
  });
});
