import { describe, expect, it } from 'vitest';
import { lineTax } from '../../../core/gst';
import { CSV_BOM } from '../../../core/csv';
import { computeGstr1, filingPeriod, type Gstr1Document, type Gstr1Line } from '../../../core/gstr1';
import { gstr1Csv, gstr1PortalJson } from '../../../core/gstr1-portal';

const base = {
  date: '2025-04-10T05:00:00.000Z',
  isShop: false,
  placeOfSupply: '33',
  unit: 'pcs',
  igstPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
};

/**
 * Tax snapshots worked out by hand (tax-inclusive amounts: CGST = SGST = half the rate on
 * A x 100 / (100 + rate), half-up to the paisa; taxable value = the rest):
 *  A  #101 rice  5 %  2.5 kg x 126.00 = 315.00 -> 7.50 + 7.50, taxable 300.00
 *  B  #101 soap 18 %  1 x 100.00       = 100.00 -> 7.63 + 7.63 (7.627..), taxable 84.74
 *  C  #102 rice  5 %  0.75 kg x 133.32 =  99.99 -> 2.38 + 2.38 (2.380..), taxable 95.23
 *  D  #105 soap 18 %  2 x 29.50        =  59.00 -> 4.50 + 4.50, taxable 50.00
 *  E  #103 rice  5 %  inter-state (pos 29) 1 kg 21.00 -> taxable 20.00, IGST 1.00
 *  F  #104 veg   0 %  4 x 20.00        =  80.00 -> nil rated 80.00
 *  G  #102 oil   5 %  1.5 l x 120.00   = 180.00 -> 4.29 + 4.29 (4.285..), taxable 171.42
 */
const LINES: Gstr1Line[] = [
  {
    ...base,
    orderNumber: 101,
    rate: 5,
    hsn: '1006',
    description: 'Rice',
    quantity: 2.5,
    unit: 'kg',
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
    taxablePaise: 8474,
    cgstPaise: 763,
    sgstPaise: 763,
  },
  {
    ...base,
    orderNumber: 102,
    rate: 5,
    hsn: '1006',
    description: 'Rice',
    quantity: 0.75,
    unit: 'kg',
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
    unit: 'kg',
    lineTotalPaise: 2100,
    taxablePaise: 2000,
    igstPaise: 100,
    placeOfSupply: '29',
  },
  { ...base, orderNumber: 104, rate: 0, hsn: '0701', description: 'Vegetables', quantity: 4, lineTotalPaise: 8000, taxablePaise: 8000 },
  {
    ...base,
    orderNumber: 102,
    rate: 5,
    hsn: '1515',
    description: 'Oil',
    quantity: 1.5,
    unit: 'l',
    lineTotalPaise: 18000,
    taxablePaise: 17142,
    cgstPaise: 429,
    sgstPaise: 429,
  },
];

/** The vendor's series in the period: older numbers (series '') and MS/25/ with one cancelled. */
const DOCS: Gstr1Document[] = [
  { series: '', seq: 95, number: '95', cancelled: false },
  { series: '', seq: 99, number: '99', cancelled: false },
  ...[1, 2, 3, 4, 5, 6].map((seq) => ({ series: 'MS/25/', seq, number: `MS/25/00000${seq}`, cancelled: seq === 4 })),
];

describe('GSTR-1 computation', () => {
  it('the hand-made snapshots are what core/gst lineTax gives', () => {
    for (const l of LINES) {
      const t = lineTax(l.lineTotalPaise, l.rate, l.placeOfSupply !== '33');
      expect(t, l.description).toEqual({
        taxablePaise: l.taxablePaise,
        cgstPaise: l.cgstPaise,
        sgstPaise: l.sgstPaise,
        igstPaise: l.igstPaise,
      });
    }
  });

  const s = computeGstr1(LINES, '33', DOCS);

  it('sums B2CS per place of supply and rate, CGST = SGST on every row; 0 % goes to nil-rated', () => {
    expect(s.b2cs).toEqual([
      { supplyType: 'INTER', placeOfSupply: '29', rate: 5, taxablePaise: 2000, igstPaise: 100, cgstPaise: 0, sgstPaise: 0 },
      { supplyType: 'INTRA', placeOfSupply: '33', rate: 5, taxablePaise: 56665, igstPaise: 0, cgstPaise: 1417, sgstPaise: 1417 },
      { supplyType: 'INTRA', placeOfSupply: '33', rate: 18, taxablePaise: 13474, igstPaise: 0, cgstPaise: 1213, sgstPaise: 1213 },
    ]);
    expect(s.nil).toEqual([{ supplyType: 'INTRA', registered: false, nilPaise: 8000 }]);
  });

  it('sums HSN rows per code, unit and rate, with the unit quantity code and decimal quantities', () => {
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
        uqc: 'KGS',
        rate: 5,
        quantity: 4.25,
        totalValuePaise: 43599,
        taxablePaise: 41523,
        igstPaise: 100,
        cgstPaise: 988,
        sgstPaise: 988,
      },
      {
        hsn: '1515',
        description: 'Oil',
        uqc: 'LTR',
        rate: 5,
        quantity: 1.5,
        totalValuePaise: 18000,
        taxablePaise: 17142,
        igstPaise: 0,
        cgstPaise: 429,
        sgstPaise: 429,
      },
      {
        hsn: '3401',
        description: 'Soap',
        uqc: 'NOS',
        rate: 18,
        quantity: 3,
        totalValuePaise: 15900,
        taxablePaise: 13474,
        igstPaise: 0,
        cgstPaise: 1213,
        sgstPaise: 1213,
      },
    ]);
    // one HSN code sold by the kilo and by the piece gives two rows
    const mixed = computeGstr1([LINES[0], { ...LINES[0], unit: 'pcs', quantity: 2 }]);
    expect(mixed.hsn.map((h) => [h.uqc, h.quantity])).toEqual([
      ['KGS', 2.5],
      ['NOS', 2],
    ]);
  });

  it('maps every unit to its UQC', () => {
    const units = ['pcs', 'kg', 'g', 'l', 'ml', 'dozen', 'bunch', 'metre'];
    const r = computeGstr1(units.map((unit, i) => ({ ...LINES[3], orderNumber: i, unit, hsn: String(1000 + i) })));
    expect(r.hsn.map((h) => h.uqc)).toEqual(['NOS', 'KGS', 'GMS', 'LTR', 'MLT', 'DOZ', 'BDL', 'MTR']);
  });

  it('totals equal the sum of the line totals; each series reports its lowest and highest number', () => {
    const { quantity, quantities, ...money } = s.totals;
    expect(money).toEqual({
      taxablePaise: 80139,
      igstPaise: 100,
      cgstPaise: 2630,
      sgstPaise: 2630,
      taxPaise: 5360,
      totalValuePaise: 85499,
      invoices: 5,
      creditNotes: 0,
    });
    // pieces, kilos and litres are never added together: one total per unit quantity code
    expect(quantity).toBeNull();
    expect(quantities).toEqual([
      { uqc: 'KGS', quantity: 4.25 },
      { uqc: 'LTR', quantity: 1.5 },
      { uqc: 'NOS', quantity: 7 },
    ]);
    expect(LINES.reduce((a, l) => a + l.lineTotalPaise, 0)).toBe(85499);
    expect(s.docs).toEqual([
      { series: '', from: '95', to: '99', count: 2, cancelled: 0, netIssued: 2 },
      { series: 'MS/25/', from: 'MS/25/000001', to: 'MS/25/000006', count: 6, cancelled: 1, netIssued: 5 },
    ]);
    expect(s.warnings).toEqual([]);
  });

  it('sums decimal quantities exactly (thousandths)', () => {
    const r = computeGstr1(Array.from({ length: 10 }, (_, i) => ({ ...LINES[0], orderNumber: i, quantity: 0.1 })));
    expect(r.hsn[0].quantity).toBe(1);
    expect(r.totals.quantity).toBe(1);
  });

  it('never adds quantities of different units: HSN rows per code, UQC and rate, totals per UQC', () => {
    const kg = { ...LINES[0], hsn: '0701', rate: 5, unit: 'kg', quantity: 1.5 };
    const r = computeGstr1([kg, { ...kg, quantity: 0.25 }, { ...kg, unit: 'pcs', quantity: 2 }, { ...kg, unit: 'l', quantity: 1 }]);
    expect(r.hsn.map((h) => [h.hsn, h.uqc, h.rate, h.quantity])).toEqual([
      ['0701', 'KGS', 5, 1.75],
      ['0701', 'LTR', 5, 1],
      ['0701', 'NOS', 5, 2],
    ]);
    expect(r.totals.quantity).toBeNull();
    expect(r.totals.quantities).toEqual([
      { uqc: 'KGS', quantity: 1.75 },
      { uqc: 'LTR', quantity: 1 },
      { uqc: 'NOS', quantity: 2 },
    ]);
    // the CSV's HSN Total row leaves the quantity blank rather than add kilos, litres and pieces
    const total = gstr1Csv(r)
      .split('\r\n')
      .filter((l) => l.startsWith('Total,'))[1];
    expect(total.split(',')[3]).toBe('');
    // one unit: its total is the sum
    expect(computeGstr1([kg, { ...kg, quantity: 0.25 }]).totals.quantity).toBe(1.75);
  });

  it('flags lines without an HSN code', () => {
    expect(computeGstr1([{ ...LINES[0], hsn: '' }]).warnings[0]).toEqual({ code: 'gstr1NoHsn', params: { count: 1 } });
  });

  it('an empty period gives zero rows and no document range', () => {
    const e = computeGstr1([]);
    expect(e.b2cs).toEqual([]);
    expect(e.docs).toEqual([]);
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
      txval: 134.74,
      iamt: 0,
      camt: 12.13,
      samt: 12.13,
      csamt: 0,
    });
    expect(j.b2cs[0]).toMatchObject({ sply_ty: 'INTER', pos: '29', iamt: 1, camt: 0 });
    expect(j.nil?.inv).toEqual([{ sply_ty: 'INTRAB2C', nil_amt: 80, expt_amt: 0, ngsup_amt: 0 }]);
    expect(j.hsn.hsn_b2b).toEqual([]);
    expect(j.hsn.hsn_b2c[1]).toEqual({
      num: 2,
      hsn_sc: '1006',
      desc: 'Rice',
      uqc: 'KGS',
      qty: 4.25,
      rt: 5,
      txval: 415.23,
      iamt: 1,
      camt: 9.88,
      samt: 9.88,
      csamt: 0,
    });
    expect(j.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        docs: [
          { num: 1, from: '95', to: '99', totnum: 2, cancel: 0, net_issue: 2 },
          { num: 2, from: 'MS/25/000001', to: 'MS/25/000006', totnum: 6, cancel: 1, net_issue: 5 },
        ],
      },
    ]);
  });

  it('produces a CSV (UTF-8 with a byte-order mark) with B2CS, NIL, HSN and DOCS sections and matching totals', () => {
    const csv = gstr1Csv(s);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = csv.slice(1).trim().split('\r\n');
    const section = (name: string) => rows.indexOf(name);
    expect(section('B2CS')).toBe(0);
    expect(section('NIL')).toBeGreaterThan(0);
    expect(section('HSN(B2B)')).toBe(-1); // no sale to a registered buyer
    expect(section('HSN(B2C)')).toBeGreaterThan(section('NIL'));
    expect(section('DOCS')).toBeGreaterThan(section('HSN(B2C)'));
    expect(rows).toContain('OE,INTRA,33-Tamil Nadu,18.00,134.74,0.00,12.13,12.13,0.00');
    expect(rows).toContain('Total,,,,721.39,1.00,26.30,26.30,0.00');
    expect(rows).toContain('1006,Rice,KGS,4.25,435.99,5.00,415.23,1.00,9.88,9.88,0.00');
    expect(rows).toContain('Total,,,,854.99,,801.39,1.00,26.30,26.30,0.00');
    expect(rows).toContain('Invoices for outward supply,95,99,2,0,2');
    expect(rows).toContain('Invoices for outward supply,MS/25/000001,MS/25/000006,6,1,5');
  });

  it('quotes and defuses risky CSV text', () => {
    const csv = gstr1Csv(computeGstr1([{ ...LINES[0], description: '=HYPERLINK("x"), y' }]));
    expect(csv).toContain(`"'=HYPERLINK(""x""), y"`);
  });
});
