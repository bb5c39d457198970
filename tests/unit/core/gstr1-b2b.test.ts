import { describe, expect, it } from 'vitest';
import { lineTax } from '../../../core/gst';
import { computeGstr1, invoiceSection, type Gstr1Document, type Gstr1Line, type Gstr1Note, type Gstr1NoteLine } from '../../../core/gstr1';
import { gstr1Csv, gstr1PortalJson } from '../../../core/gstr1-portal';

/** A business buyer registered in Karnataka (the check character is right). */
const KA = '29AAGCB1286Q1Z0';
const S = 'MS/26/';

type Item = { rate: number; hsn: string; description: string; quantity: number; unit: string; amount: number };
const rice = (kg: number, amount: number): Item => ({ rate: 5, hsn: '1006', description: 'Rice', quantity: kg, unit: 'kg', amount });
const soap = (n: number, amount: number): Item => ({ rate: 18, hsn: '3401', description: 'Soap', quantity: n, unit: 'pcs', amount });
const veg = (n: number, amount: number): Item => ({ rate: 0, hsn: '0701', description: 'Vegetables', quantity: n, unit: 'pcs', amount });
const tv = (n: number, amount: number): Item => ({ rate: 18, hsn: '8528', description: 'Television', quantity: n, unit: 'pcs', amount });

/** An invoice's lines, their tax from core/gst (tax-inclusive amounts in paise). */
function invoice(orderNumber: number, opts: { pos: string; gstin?: string; date?: string }, items: Item[]): Gstr1Line[] {
  return items.map(({ amount, ...it }) => ({
    ...it,
    orderNumber,
    invoiceNumber: `${S}000${orderNumber}`,
    date: opts.date ?? '2026-11-10T05:00:00.000Z',
    isShop: true,
    placeOfSupply: opts.pos,
    buyerGstin: opts.gstin ?? '',
    buyerName: opts.gstin ? 'Hotel Udupi' : '',
    lineTotalPaise: amount,
    ...lineTax(amount, it.rate, opts.pos !== '33'),
  }));
}

function note(
  seq: number,
  inv: { number: string; date: string; value: number; pos: string; gstin?: string },
  items: Item[],
  date = '2026-11-14T20:00:00.000Z',
): Gstr1Note {
  const lines: Gstr1NoteLine[] = items.map(({ amount, ...it }) => ({ ...it, ...lineTax(amount, it.rate, inv.pos !== '33') }));
  return {
    series: 'MS-CN/26/',
    seq,
    number: `MS-CN/26/${String(seq).padStart(6, '0')}`,
    date,
    valuePaise: items.reduce((s, i) => s + i.amount, 0),
    invoiceNumber: inv.number,
    invoiceDate: inv.date,
    invoiceValuePaise: inv.value,
    placeOfSupply: inv.pos,
    buyerGstin: inv.gstin ?? '',
    buyerName: inv.gstin ? 'Hotel Udupi' : '',
    lines,
  };
}

/*
 * A month worked out by hand (all amounts tax-inclusive, paise):
 *  I201 B2B, Karnataka buyer at the counter (pos 33): rice 10 kg 1050.00 (taxable 1000.00 + 25.00 + 25.00),
 *       soap 20 x 59.00 = 1180.00 (1000.00 + 90.00 + 90.00), vegetables 4 = 200.00 nil; value 2430.00
 *  I202 B2B, the same buyer, goods sent to Karnataka (pos 29): soap 40 = 2360.00 (2000.00 + IGST 360.00)
 *  I203 B2CL, unregistered, pos 29: 2 TVs 1,18,000.00 (1,00,000.00 + IGST 18,000.00): above ₹1,00,000
 *  I204 B2CS, pos 32: rice 5 kg 525.00 (500.00 + IGST 25.00)
 *  I205 B2CS, pos 33: rice 2 kg 210.00 (200.00 + 5.00 + 5.00), soap 10 = 590.00 (500.00 + 45.00 + 45.00),
 *       vegetables 2 = 100.00 nil; value 900.00
 *  I206 cancelled (table 13 only)
 *  I207 pos 29, unregistered, 1 TV exactly 1,00,000.00: not above the limit, so B2CS
 *       (84,745.76 + IGST 15,254.24)
 *  CN1 against I201 (CDNR): soap 10 = 590.00 (500.00 + 45.00 + 45.00)
 *  CN2 against I203 (CDNUR): 1 TV 59,000.00 (50,000.00 + IGST 9,000.00)
 *  CN3 against I205 (B2CS, netted): rice 1 kg 105.00 (100.00 + 2.50 + 2.50), vegetables 1 = 50.00 nil
 *  CN4 against October's B2CS sale, pos 32 (netted): rice 2 kg 210.00 (200.00 + IGST 10.00)
 */
const I201 = invoice(201, { pos: '33', gstin: KA }, [rice(10, 105000), soap(20, 118000), veg(4, 20000)]);
const I202 = invoice(202, { pos: '29', gstin: KA }, [soap(40, 236000)]);
const I203 = invoice(203, { pos: '29' }, [tv(2, 11800000)]);
const I204 = invoice(204, { pos: '32' }, [rice(5, 52500)]);
const I205 = invoice(205, { pos: '33' }, [rice(2, 21000), soap(10, 59000), veg(2, 10000)]);
const I207 = invoice(207, { pos: '29' }, [tv(1, 10000000)]);
const LINES = [...I201, ...I202, ...I203, ...I204, ...I205, ...I207];
const DOCS: Gstr1Document[] = [201, 202, 203, 204, 205, 206, 207].map((n) => ({
  series: S,
  seq: n,
  number: `${S}000${n}`,
  cancelled: n === 206,
}));
const D = '2026-11-10T05:00:00.000Z';
const NOTES = [
  note(1, { number: `${S}000201`, date: D, value: 243000, pos: '33', gstin: KA }, [soap(10, 59000)]),
  note(2, { number: `${S}000203`, date: D, value: 11800000, pos: '29' }, [tv(1, 5900000)]),
  note(3, { number: `${S}000205`, date: D, value: 90000, pos: '33' }, [rice(1, 10500), veg(1, 5000)]),
  note(4, { number: `${S}000150`, date: '2026-10-20T06:00:00.000Z', value: 21000, pos: '32' }, [rice(2, 21000)]),
];
const s = computeGstr1(LINES, '33', DOCS, NOTES);
const tax = (taxablePaise: number, igstPaise: number, cgstPaise = 0, sgstPaise = cgstPaise) => ({
  taxablePaise,
  igstPaise,
  cgstPaise,
  sgstPaise,
});

describe('GSTR-1 with business buyers, B2CL and credit notes (hand-checked)', () => {
  it('the hand-worked taxes are what core/gst gives', () => {
    expect(I201.map((l) => [l.taxablePaise, l.cgstPaise])).toEqual([
      [100000, 2500],
      [100000, 9000],
      [20000, 0],
    ]);
    expect(I203[0].igstPaise).toBe(1800000);
    expect(I207[0]).toMatchObject(tax(8474576, 152_5424));
    expect(NOTES[2].lines[0]).toMatchObject(tax(10000, 0, 250));
  });

  it('B2B: one invoice per buyer GSTIN with its taxable lines per rate; CGST + SGST at the counter, IGST when sent to Karnataka', () => {
    expect(s.b2b).toEqual([
      {
        number: `${S}000201`,
        date: '10-11-2026',
        valuePaise: 243000,
        placeOfSupply: '33',
        supplyType: 'INTRA',
        buyerGstin: KA,
        buyerName: 'Hotel Udupi',
        items: [
          { rate: 5, ...tax(100000, 0, 2500) },
          { rate: 18, ...tax(100000, 0, 9000) },
        ],
      },
      {
        number: `${S}000202`,
        date: '10-11-2026',
        valuePaise: 236000,
        placeOfSupply: '29',
        supplyType: 'INTER',
        buyerGstin: KA,
        buyerName: 'Hotel Udupi',
        items: [{ rate: 18, ...tax(200000, 36000) }],
      },
    ]);
  });

  it('B2CL: inter-state to an unregistered buyer above ₹1,00,000 only; exactly ₹1,00,000 stays in B2CS', () => {
    expect(s.b2cl.map((i) => [i.number, i.valuePaise, i.placeOfSupply, i.items])).toEqual([
      [`${S}000203`, 11800000, '29', [{ rate: 18, ...tax(10000000, 1800000) }]],
    ]);
    const at = (date: string, value: number) => invoiceSection({ buyerGstin: '', placeOfSupply: '29', valuePaise: value, date }, '33');
    expect(at('2026-11-10T05:00:00.000Z', 10000001)).toBe('b2cl');
    expect(at('2026-11-10T05:00:00.000Z', 10000000)).toBe('b2cs');
    // before 1 August 2024 (India time) the limit was ₹2,50,000
    expect(at('2024-07-31T18:29:00.000Z', 15000000)).toBe('b2cs');
    expect(at('2024-07-31T18:30:00.000Z', 15000000)).toBe('b2cl');
    // intra-state never, however large
    expect(invoiceSection({ buyerGstin: '', placeOfSupply: '33', valuePaise: 99999999, date: D })).toBe('b2cs');
  });

  it('B2CS per place and rate, net of the credit notes against B2C sales (this month and before)', () => {
    expect(s.b2cs).toEqual([
      { supplyType: 'INTER', placeOfSupply: '29', rate: 18, ...tax(8474576, 1525424) },
      { supplyType: 'INTER', placeOfSupply: '32', rate: 5, ...tax(50000 - 20000, 2500 - 1000) },
      { supplyType: 'INTRA', placeOfSupply: '33', rate: 5, ...tax(20000 - 10000, 0, 500 - 250) },
      { supplyType: 'INTRA', placeOfSupply: '33', rate: 18, ...tax(50000, 0, 4500) },
    ]);
  });

  it('CDNR for the note against the B2B invoice, CDNUR for the note against the B2CL invoice', () => {
    expect(s.cdnr).toEqual([
      {
        number: 'MS-CN/26/000001',
        // 20:00 UTC is 01:30 the next day in India
        date: '15-11-2026',
        valuePaise: 59000,
        placeOfSupply: '33',
        supplyType: 'INTRA',
        buyerGstin: KA,
        buyerName: 'Hotel Udupi',
        invoiceNumber: `${S}000201`,
        invoiceDate: '10-11-2026',
        items: [{ rate: 18, ...tax(50000, 0, 4500) }],
      },
    ]);
    expect(s.cdnur.map((n) => [n.number, n.valuePaise, n.placeOfSupply, n.supplyType, n.items])).toEqual([
      ['MS-CN/26/000002', 5900000, '29', 'INTER', [{ rate: 18, ...tax(5000000, 900000) }]],
    ]);
  });

  it('nil-rated: to registered buyers (INTRAB2B) apart from unregistered (INTRAB2C), net of returned nil goods', () => {
    expect(s.nil).toEqual([
      { supplyType: 'INTRA', registered: false, nilPaise: 10000 - 5000 },
      { supplyType: 'INTRA', registered: true, nilPaise: 20000 },
    ]);
  });

  it('HSN in two tabs, each net of its credit notes', () => {
    const row = (hsn: string, uqc: string, rate: number, quantity: number, totalValuePaise: number, t: ReturnType<typeof tax>) => ({
      hsn,
      description: { '0701': 'Vegetables', '1006': 'Rice', '3401': 'Soap', '8528': 'Television' }[hsn],
      uqc,
      rate,
      quantity,
      totalValuePaise,
      ...t,
    });
    expect(s.hsnB2b).toEqual([
      row('0701', 'NOS', 0, 4, 20000, tax(20000, 0)),
      row('1006', 'KGS', 5, 10, 105000, tax(100000, 0, 2500)),
      // 20 + 40 sold, 10 back
      row('3401', 'NOS', 18, 50, 118000 + 236000 - 59000, tax(100000 + 200000 - 50000, 36000, 9000 - 4500)),
    ]);
    expect(s.hsnB2c).toEqual([
      row('0701', 'NOS', 0, 1, 5000, tax(5000, 0)),
      // 5 + 2 sold, 1 + 2 back
      row('1006', 'KGS', 5, 4, 52500 + 21000 - 10500 - 21000, tax(50000 + 20000 - 10000 - 20000, 2500 - 1000, 500 - 250)),
      row('3401', 'NOS', 18, 10, 59000, tax(50000, 0, 4500)),
      row('8528', 'NOS', 18, 2, 11800000 + 10000000 - 5900000, tax(10000000 + 8474576 - 5000000, 1800000 + 1525424 - 900000)),
    ]);
    // both tabs together
    expect(s.hsn.find((h) => h.hsn === '3401')).toMatchObject({ quantity: 60, taxablePaise: 300000 });
  });

  it('totals: invoices less credit notes, equal to each HSN tab summed and to the tables summed', () => {
    expect(s.totals).toEqual({
      ...tax(13939576, 2462924, 11750),
      taxPaise: 2486424,
      totalValuePaise: 16426000,
      quantity: null,
      quantities: [
        { uqc: 'KGS', quantity: 14 },
        { uqc: 'NOS', quantity: 67 },
      ],
      invoices: 6,
      creditNotes: 4,
    });
    const invoiced = LINES.reduce((n, l) => n + l.lineTotalPaise, 0);
    const refunded = NOTES.reduce((n, x) => n + x.valuePaise, 0);
    expect(invoiced - refunded).toBe(s.totals.totalValuePaise);

    const sumOf = (rows: ReadonlyArray<{ taxablePaise: number; igstPaise: number; cgstPaise: number }>) =>
      rows.reduce((a, r) => [a[0] + r.taxablePaise, a[1] + r.igstPaise, a[2] + r.cgstPaise], [0, 0, 0]);
    const items = (rows: ReadonlyArray<{ items: Array<{ taxablePaise: number; igstPaise: number; cgstPaise: number }> }>) =>
      sumOf(rows.flatMap((r) => r.items));
    const nil = s.nil.reduce((n, x) => n + x.nilPaise, 0);
    const tables = [items(s.b2b), items(s.b2cl), sumOf(s.b2cs), items(s.cdnr), items(s.cdnur)];
    const net = [0, 1, 2].map((k) => tables[0][k] + tables[1][k] + tables[2][k] - tables[3][k] - tables[4][k]);
    expect([net[0] + nil, net[1], net[2]]).toEqual([s.totals.taxablePaise, s.totals.igstPaise, s.totals.cgstPaise]);
    const hsn = [sumOf(s.hsnB2b), sumOf(s.hsnB2c)];
    expect([hsn[0][0] + hsn[1][0], hsn[0][1] + hsn[1][1], hsn[0][2] + hsn[1][2]]).toEqual(net.map((v, k) => (k ? v : v + nil)));
    // B2B side alone: b2b + its nil - cdnr = the B2B tab
    expect(sumOf(s.hsnB2b)[0]).toBe(tables[0][0] + 20000 - tables[3][0]);
  });

  it('table 13: the invoice series with its cancelled number, and the credit note series', () => {
    expect(s.docs).toEqual([{ series: S, from: `${S}000201`, to: `${S}000207`, count: 7, cancelled: 1, netIssued: 6 }]);
    expect(s.creditNoteDocs).toEqual([
      { series: 'MS-CN/26/', from: 'MS-CN/26/000001', to: 'MS-CN/26/000004', count: 4, cancelled: 0, netIssued: 4 },
    ]);
    expect(s.warnings).toEqual([]);
  });

  it('portal JSON: b2b, b2cl, b2cs, cdnr, cdnur, nil, hsn_b2b / hsn_b2c and doc_issue in rupees', () => {
    const j = gstr1PortalJson(s, { gstin: '33AABCM1234F1Z4', fp: '112026' });
    expect(j.b2b).toEqual([
      {
        ctin: KA,
        inv: [
          {
            inum: `${S}000201`,
            idt: '10-11-2026',
            val: 2430,
            pos: '33',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 1, itm_det: { txval: 1000, rt: 5, iamt: 0, camt: 25, samt: 25, csamt: 0 } },
              { num: 2, itm_det: { txval: 1000, rt: 18, iamt: 0, camt: 90, samt: 90, csamt: 0 } },
            ],
          },
          {
            inum: `${S}000202`,
            idt: '10-11-2026',
            val: 2360,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { txval: 2000, rt: 18, iamt: 360, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(j.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: `${S}000203`,
            idt: '10-11-2026',
            val: 118000,
            itms: [{ num: 1, itm_det: { txval: 100000, rt: 18, iamt: 18000, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(j.cdnr).toEqual([
      {
        ctin: KA,
        nt: [
          {
            ntty: 'C',
            nt_num: 'MS-CN/26/000001',
            nt_dt: '15-11-2026',
            val: 590,
            pos: '33',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { txval: 500, rt: 18, iamt: 0, camt: 45, samt: 45, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(j.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'MS-CN/26/000002',
        nt_dt: '15-11-2026',
        val: 59000,
        pos: '29',
        itms: [{ num: 1, itm_det: { txval: 50000, rt: 18, iamt: 9000, csamt: 0 } }],
      },
    ]);
    expect(j.b2cs.map((b) => [b.sply_ty, b.pos, b.rt, b.txval, b.iamt, b.camt])).toEqual([
      ['INTER', '29', 18, 84745.76, 15254.24, 0],
      ['INTER', '32', 5, 300, 15, 0],
      ['INTRA', '33', 5, 100, 0, 2.5],
      ['INTRA', '33', 18, 500, 0, 45],
    ]);
    expect(j.nil?.inv).toEqual([
      { sply_ty: 'INTRAB2C', nil_amt: 50, expt_amt: 0, ngsup_amt: 0 },
      { sply_ty: 'INTRAB2B', nil_amt: 200, expt_amt: 0, ngsup_amt: 0 },
    ]);
    expect(j.hsn.hsn_b2b.map((h) => [h.num, h.hsn_sc, h.uqc, h.qty, h.txval])).toEqual([
      [1, '0701', 'NOS', 4, 200],
      [2, '1006', 'KGS', 10, 1000],
      [3, '3401', 'NOS', 50, 2500],
    ]);
    expect(j.hsn.hsn_b2c.map((h) => [h.num, h.hsn_sc, h.qty, h.txval, h.iamt])).toEqual([
      [1, '0701', 1, 50, 0],
      [2, '1006', 4, 400, 15],
      [3, '3401', 10, 500, 0],
      [4, '8528', 2, 134745.76, 24254.24],
    ]);
    expect(j.doc_issue.doc_det.map((d) => [d.doc_num, d.docs])).toEqual([
      [1, [{ num: 1, from: `${S}000201`, to: `${S}000207`, totnum: 7, cancel: 1, net_issue: 6 }]],
      [5, [{ num: 1, from: 'MS-CN/26/000001', to: 'MS-CN/26/000004', totnum: 4, cancel: 0, net_issue: 4 }]],
    ]);
  });

  it('CSV: a section per table, in the portal order, with totals', () => {
    const rows = gstr1Csv(s).slice(1).trim().split('\r\n');
    const at = (name: string) => rows.indexOf(name);
    const order = ['B2B', 'B2CL', 'B2CS', 'CDNR', 'CDNUR', 'NIL', 'HSN(B2B)', 'HSN(B2C)', 'DOCS'].map(at);
    expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]))).toBe(true);
    expect(rows).toContain(`${KA},Hotel Udupi,${S}000201,10-11-2026,2430.00,33-Tamil Nadu,18.00,1000.00,0.00,90.00,90.00,0.00`);
    expect(rows).toContain(`B2CL,MS-CN/26/000002,15-11-2026,59000.00,29-Karnataka,${S}000203,18.00,50000.00,9000.00,0.00,0.00,0.00`);
    expect(rows).toContain('Intra-State supplies to registered persons,200.00,0.00,0.00');
    expect(rows).toContain('Credit Note,MS-CN/26/000001,MS-CN/26/000004,4,0,4');
    // the HSN(B2B) total: pieces and kilos are not added, values are
    expect(rows[at('HSN(B2B)') + 5]).toBe('Total,,,,4200.00,,3700.00,360.00,70.00,70.00,0.00');
  });

  it('warns of lines taxed against their place of supply: CGST + SGST on goods sent out, IGST within the state', () => {
    const sent = invoice(401, { pos: '29' }, [soap(1, 5900)]).map((l) => ({ ...l, ...lineTax(5900, 18, false) }));
    const home = invoice(402, { pos: '33' }, [soap(1, 5900)]).map((l) => ({ ...l, ...lineTax(5900, 18, true) }));
    expect(computeGstr1([...sent, ...home]).warnings).toEqual([{ code: 'gstr1TaxType', params: { count: 2 } }]);
    expect(s.warnings).toEqual([]);
  });

  it('warns of what the portal would refuse: a wrong buyer GSTIN, a note past the section 34 limit, a negative B2CS row', () => {
    const bad = invoice(301, { pos: '33', gstin: '29AAGCB1286Q1Z1' }, [soap(2, 11800)]);
    const back = note(9, { number: 'X', date: D, value: 100000, pos: '34' }, [rice(1, 10500)]);
    // an invoice of March 2025 (financial year 2024-25): its notes count until 30 November 2025, India time
    const march = '2025-03-20T05:00:00.000Z';
    const onTime = note(10, { number: 'Y', date: march, value: 10500, pos: '33' }, [rice(1, 10500)], '2025-11-30T18:00:00.000Z');
    const tooLate = note(11, { number: 'Z', date: march, value: 10500, pos: '33' }, [rice(1, 10500)], '2025-11-30T18:30:00.000Z');
    const w = computeGstr1(bad, '33', [], [back, onTime, tooLate]).warnings;
    expect(w).toEqual([
      { code: 'gstr1BuyerGstin', params: { numbers: `${S}000301` } },
      { code: 'gstr1NoteLate', params: { numbers: 'MS-CN/26/000011' } },
      { code: 'gstr1B2csNegative', params: { placeOfSupply: '33', rate: 5 } },
      { code: 'gstr1B2csNegative', params: { placeOfSupply: '34', rate: 5 } },
    ]);
  });
});
