import { describe, expect, it } from 'vitest';
import { DEFAULT_TALLY_LEDGERS } from './schemas/tally';
import { balanced, expenseVoucher, rateLedger, salesVoucher, tallyAmount, voucherXml, xmlText } from './tally';

const L = DEFAULT_TALLY_LEDGERS;
const sum = (entries: Array<{ paise: number }>) => entries.reduce((s, e) => s + e.paise, 0);

describe('Tally vouchers', () => {
  it("writes Tally's amounts: a debit negative, two decimals", () => {
    expect([tallyAmount(10500), tallyAmount(-250), tallyAmount(7), tallyAmount(0)]).toEqual(['-105.00', '2.50', '-0.07', '0.00']);
  });

  it('puts what a rounded bill leaves on the round off ledger, so the voucher balances', () => {
    // a ₹99.99 taxable at 5 %: CGST ₹2.50 and SGST ₹2.50 make ₹104.99, the bill rounded to ₹105.00
    const v = salesVoucher(L, {
      id: 'x',
      number: 'A/1',
      date: '2026-11-02',
      customer: null,
      totalPaise: 10500,
      rates: [{ rate: 5, taxablePaise: 9999, cgstPaise: 250, sgstPaise: 250, igstPaise: 0 }],
      parts: [{ method: 'cash', amountPaise: 10500 }],
    });
    expect(v.entries).toEqual([
      { ledger: 'Cash', paise: 10500, party: true },
      { ledger: 'Sales 5%', paise: -9999 },
      { ledger: 'Output CGST', paise: -250 },
      { ledger: 'Output SGST', paise: -250 },
      { ledger: 'Round Off', paise: -1 },
    ]);
    expect(sum(v.entries)).toBe(0);
  });

  it('a cash sale to a named customer debits Cash and names her in the narration; what the parts miss goes on her account', () => {
    const v = salesVoucher(L, {
      id: 'y',
      number: 'A/2',
      date: '2026-11-02',
      customer: 'Kumar Tea Stall',
      totalPaise: 30000,
      rates: [{ rate: 0, taxablePaise: 30000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }],
      parts: [{ method: 'card', amountPaise: 20000 }],
    });
    expect(v.partyLedger).toBe('Kumar Tea Stall');
    expect(v.entries).toEqual([
      { ledger: 'Bank', paise: 20000 },
      { ledger: 'Kumar Tea Stall', paise: 10000, party: true },
      { ledger: 'Sales 0%', paise: -30000 },
    ]);
    expect(v.narration).toBe('Invoice A/2, Kumar Tea Stall');
  });

  it('merges a ledger met twice on one side and drops zeros', () => {
    expect(
      balanced(L, [
        { ledger: 'Cash', paise: 100 },
        { ledger: 'Cash', paise: 50 },
        { ledger: 'Output IGST', paise: 0 },
        { ledger: 'Sales 0%', paise: -150 },
      ]),
    ).toEqual([
      { ledger: 'Cash', paise: 150 },
      { ledger: 'Sales 0%', paise: -150 },
    ]);
  });

  it('names a rate the settings do not list after it', () => {
    expect([rateLedger(L, 'sales', 5), rateLedger(L, 'sales', 3), rateLedger(L, 'purchase', 0.25)]).toEqual([
      'Sales 5%',
      'Sales 3%',
      'Purchase 0.25%',
    ]);
  });

  it('escapes XML and leaves out the characters XML cannot carry', () => {
    expect(xmlText(`Rama & "Sons" <Madurai>\u0001's`)).toBe('Rama &amp; &quot;Sons&quot; &lt;Madurai&gt;&apos;s');
    const v = expenseVoucher(L, {
      id: 'e',
      date: '2026-11-05',
      category: 'Tea & snacks',
      amountPaise: 4000,
      method: 'cash',
      note: null,
      tax: null,
    });
    expect(voucherXml(v)).toContain('<LEDGERNAME>Tea &amp; snacks</LEDGERNAME>');
    expect(voucherXml(v)).toContain('<DATE>20261105</DATE>');
  });
});
