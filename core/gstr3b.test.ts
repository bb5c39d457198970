import { describe, expect, it } from 'vitest';
import { lineTax } from './gst';
import { computeGstr1, type Gstr1Line, type Gstr1Note } from './gstr1';
import { computeGstr3b, monthPeriod, setOff } from './gstr3b';
import { gstr3bCsv, gstr3bPortalJson } from './gstr3b-portal';

const DAY = '2026-06-10T06:30:00.000Z';
let order = 0;
/** One invoice of one line, `paise` charged at `rate` %, to `pos` (another state: IGST). */
const sale = (paise: number, rate: number, pos = '33', buyerGstin = ''): Gstr1Line => ({
  orderNumber: ++order,
  invoiceNumber: `MS/26/${order}`,
  date: DAY,
  isShop: true,
  placeOfSupply: pos,
  buyerGstin,
  rate,
  hsn: '1006',
  description: 'Rice',
  quantity: 1,
  unit: 'pcs',
  lineTotalPaise: paise,
  ...lineTax(paise, rate, pos !== '33'),
});
const tax = (taxablePaise: number, cgstPaise: number, sgstPaise: number, igstPaise: number) => ({
  taxablePaise,
  cgstPaise,
  sgstPaise,
  igstPaise,
});
const NONE = tax(0, 0, 0, 0);

describe('GSTR-3B outward supplies from the GSTR-1 summary', () => {
  const lines = [
    sale(11_800, 18), // intra B2CS: 10000 + 900 + 900
    sale(5_000, 0), // nil-rated: 3.1(c)
    sale(11_800, 18, '29'), // inter-state B2CS to Karnataka: 10000 + 1800 IGST
    sale(236_000_00, 18, '27'), // B2CL to Maharashtra: 2,00,000 + 36,000 IGST
    sale(11_800, 18, '29', '29AAGCB1286Q1Z0'), // inter-state B2B: registered, not in 3.2
  ];
  const b2cl = lines[3];
  const note: Gstr1Note = {
    series: 'MS-CN/26/',
    seq: 1,
    number: 'MS-CN/26/000001',
    date: DAY,
    valuePaise: 118_000_00,
    invoiceNumber: b2cl.invoiceNumber!,
    invoiceDate: DAY,
    invoiceValuePaise: 236_000_00,
    placeOfSupply: '27',
    buyerGstin: '',
    buyerName: '',
    lines: [{ rate: 18, hsn: '1006', description: 'Rice', quantity: 1, unit: 'pcs', ...lineTax(118_000_00, 18, true) }],
  };
  const gstr1 = computeGstr1(lines, '33', [], [note]);
  const g = computeGstr3b({ outward: gstr1, purchases: NONE, expenses: NONE, debitNotes: [] });

  it('3.1(a) is GSTR-1 less its nil-rated lines, to the paisa; 3.1(c) the nil-rated', () => {
    expect(g.nilExemptPaise).toBe(5_000);
    expect(g.outwardTaxable).toEqual({
      taxablePaise: gstr1.totals.taxablePaise - 5_000,
      cgstPaise: gstr1.totals.cgstPaise,
      sgstPaise: gstr1.totals.sgstPaise,
      igstPaise: gstr1.totals.igstPaise,
    });
    // by hand: 10000 + 10000 + 2,00,000 + 10000 − 1,00,000 taxable; IGST 1800 + 36000 + 1800 − 18000 rupees
    expect(g.outwardTaxable).toEqual(tax(30_000 + 100_000_00, 900, 900, 3_600 + 18_000_00));
    expect(g.zeroRated).toEqual(NONE);
  });

  it('3.2: inter-state supplies to unregistered persons per place of supply, B2CL net of its note, B2B left out', () => {
    expect(g.interState).toEqual([
      { placeOfSupply: '27', taxablePaise: 100_000_00, igstPaise: 18_000_00 },
      { placeOfSupply: '29', taxablePaise: 10_000, igstPaise: 1_800 },
    ]);
  });

  it('6.1: with no credit, all the tax is paid in cash', () => {
    expect(g.payable.map((p) => [p.head, p.payablePaise, p.cashPaise])).toEqual([
      ['igst', 3_600 + 18_000_00, 3_600 + 18_000_00],
      ['cgst', 900, 900],
      ['sgst', 900, 900],
    ]);
  });
});

describe('GSTR-3B input tax credit', () => {
  const outward = computeGstr1([], '33');
  const g = computeGstr3b({
    outward,
    purchases: tax(200_000, 4_500, 4_500, 1_200),
    expenses: tax(10_000, 900, 900, 0),
    debitNotes: [tax(10_000, 250, 250, 0), tax(5_000, 0, 0, 600)],
  });

  it('4(A)(5) is purchases + expenses, 4(B)(2) the debit notes, 4(C) the difference', () => {
    expect(g.itcAvailable).toEqual({ igst: 1_200, cgst: 5_400, sgst: 5_400 });
    expect(g.itcReversed).toEqual({ igst: 600, cgst: 250, sgst: 250 });
    expect(g.itcNet).toEqual({ igst: 600, cgst: 5_150, sgst: 5_150 });
    // nothing to pay: the whole credit is carried forward
    expect(g.creditLeft).toEqual(g.itcNet);
  });

  it("writes GSTN's layout: OTH for the bills, OTH reversal for the debit notes, rupees with paise", () => {
    const json = gstr3bPortalJson(g, { gstin: '33AAAAA0000A1Z5', retPeriod: '062026' });
    expect(json.itc_elg.itc_avl.map((r) => r.ty)).toEqual(['IMPG', 'IMPS', 'ISRC', 'ISD', 'OTH']);
    expect(json.itc_elg.itc_avl[4]).toEqual({ ty: 'OTH', iamt: 12, camt: 54, samt: 54, csamt: 0 });
    expect(json.itc_elg.itc_rev).toEqual([
      { ty: 'RUL', iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { ty: 'OTH', iamt: 6, camt: 2.5, samt: 2.5, csamt: 0 },
    ]);
    expect(json.itc_elg.itc_net).toEqual({ iamt: 6, camt: 51.5, samt: 51.5, csamt: 0 });
    expect(json.ret_period).toBe('062026');
  });

  it('CSV: each table under its own heading, amounts with two decimals', () => {
    const csv = gstr3bCsv(g);
    expect(csv.startsWith('\uFEFF3.1 Outward supplies\r\n')).toBe(true);
    expect(csv).toContain('\r\n(A)(5) All other ITC,12.00,54.00,54.00,0.00\r\n');
    expect(csv).toContain('\r\n(B)(2) Reversed: others (debit notes),6.00,2.50,2.50,0.00\r\n');
    expect(csv).toContain('\r\n(C) Net ITC available (A) - (B),6.00,51.50,51.50,0.00\r\n');
  });
});

describe('set-off of the credit against the tax (section 49(5), rule 88A)', () => {
  const heads = (igst: number, cgst: number, sgst: number) => ({ igst, cgst, sgst });
  const cash = (r: ReturnType<typeof setOff>) => r.payable.map((p) => p.cashPaise);

  it('IGST credit pays IGST first, then what CGST and SGST credit cannot', () => {
    const r = setOff(heads(1_000, 500, 500), heads(1_200, 100, 300));
    expect(r.payable[0].paid).toEqual(heads(1_000, 0, 0));
    // 200 of IGST left: CGST is 400 short, SGST 200 short; IGST goes to CGST first
    expect(r.payable[1].paid).toEqual(heads(200, 100, 0));
    expect(r.payable[2].paid).toEqual(heads(0, 0, 300));
    expect(cash(r)).toEqual([0, 200, 200]);
    expect(r.creditLeft).toEqual(heads(0, 0, 0));
  });

  it('puts IGST credit where the own credit falls short, so no cash is paid needlessly', () => {
    const r = setOff(heads(0, 1_000, 1_000), heads(1_000, 1_000, 0));
    expect(r.payable[1].paid).toEqual(heads(0, 1_000, 0));
    expect(r.payable[2].paid).toEqual(heads(1_000, 0, 0));
    expect(cash(r)).toEqual([0, 0, 0]);
  });

  it('CGST and SGST credit pay IGST after their own head, CGST first', () => {
    const r = setOff(heads(1_000, 0, 0), heads(300, 500, 500));
    expect(r.payable[0].paid).toEqual(heads(300, 500, 200));
    expect(cash(r)).toEqual([0, 0, 0]);
    expect(r.creditLeft).toEqual(heads(0, 0, 300));
  });

  it('never pays SGST from CGST credit, nor CGST from SGST credit', () => {
    const r = setOff(heads(0, 700, 1_000), heads(0, 1_000, 200));
    expect(r.payable[1].paid).toEqual(heads(0, 700, 0));
    expect(r.payable[2].paid).toEqual(heads(0, 0, 200));
    expect(cash(r)).toEqual([0, 0, 800]);
    expect(r.creditLeft).toEqual(heads(0, 300, 0));
  });

  it('a negative credit pays nothing and is carried forward', () => {
    const r = setOff(heads(500, 0, 0), heads(-100, 0, 0));
    expect(cash(r)).toEqual([500, 0, 0]);
    expect(r.creditLeft).toEqual(heads(-100, 0, 0));
  });
});

describe('the month', () => {
  it("gives its first and last day and the portal's return period", () => {
    expect(monthPeriod('2024-02')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29', retPeriod: '022024' });
    expect(monthPeriod('2026-11')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30', retPeriod: '112026' });
  });
});
