import type { TallyLedgers } from './schemas/tally';

/**
 * Tally vouchers from the shop's documents, and Tally's XML import file (docs/tally.md). Pure: the server
 * reads the period's documents (server/services/tax/tally.service.ts) and hands them here.
 *
 * Every voucher balances by construction: each builder fixes the side the document's total is on (the
 * party, the cash or bank), writes the other side from the document's taxable values and taxes, and
 * puts what is left (a bill's total rounded off, or a paisa of tax split) on the "Round Off" ledger.
 * Money is in paise; an entry's `paise` is above 0 for a debit and below 0 for a credit, as Tally's AMOUNT
 * with the sign turned (Tally writes a debit as a negative AMOUNT with ISDEEMEDPOSITIVE Yes).
 */

export type TallyVoucherType = 'Sales' | 'Credit Note' | 'Purchase' | 'Debit Note' | 'Receipt' | 'Payment';

export interface TallyEntry {
  ledger: string;
  /** Above 0: debit; below 0: credit. */
  paise: number;
  /** The voucher's party (ISPARTYLEDGER Yes). */
  party?: boolean;
}

export interface TallyVoucher {
  type: TallyVoucherType;
  /** A stable id of the document (REMOTEID): the kind and the document's own id. */
  remoteId: string;
  /** The India date, YYYY-MM-DD. */
  date: string;
  /** Our document number (invoice, credit note, debit note); absent: Tally numbers it. */
  number?: string;
  /** The other side's number: a supplier's bill number. */
  reference?: string;
  partyLedger: string;
  narration: string;
  entries: TallyEntry[];
}

/** How money moved: cash, or through the bank (UPI, card, a transfer); credit: on the party's account. */
export type TallyMethod = 'cash' | 'upi' | 'card' | 'bank' | 'credit';

/** A document's taxable value and taxes at one rate. */
export interface TallyRateAmounts {
  rate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TallyPart {
  method: TallyMethod;
  amountPaise: number;
}

type RateKey = `${'sales' | 'purchase'}${0 | 5 | 12 | 18 | 28}`;

/** The sales or purchase ledger of a rate: the shop's name for it, else "Sales 3%" for a rate the settings do not name. */
export function rateLedger(ledgers: TallyLedgers, kind: 'sales' | 'purchase', rate: number): string {
  const key = `${kind}${rate}` as RateKey;
  if (key in ledgers) return ledgers[key];
  return `${kind === 'sales' ? 'Sales' : 'Purchase'} ${rate}%`;
}

/** The ledger money moved through: cash, the bank, or the party's own (credit). */
export function methodLedger(ledgers: TallyLedgers, method: TallyMethod, party: string): string {
  if (method === 'cash') return ledgers.cash;
  if (method === 'credit') return party;
  return ledgers.bank;
}

/**
 * The entries of taxable values and taxes by rate, each signed `sign` (1: debit, -1: credit), summed per
 * ledger; with the output (sales) or input (purchase) tax ledgers.
 */
function taxEntries(ledgers: TallyLedgers, kind: 'sales' | 'purchase', rates: readonly TallyRateAmounts[], sign: 1 | -1): TallyEntry[] {
  const tax =
    kind === 'sales'
      ? ([ledgers.outputCgst, ledgers.outputSgst, ledgers.outputIgst] as const)
      : ([ledgers.inputCgst, ledgers.inputSgst, ledgers.inputIgst] as const);
  const entries: TallyEntry[] = [];
  for (const r of rates) entries.push({ ledger: rateLedger(ledgers, kind, r.rate), paise: sign * r.taxablePaise });
  for (const r of rates) {
    entries.push({ ledger: tax[0], paise: sign * r.cgstPaise });
    entries.push({ ledger: tax[1], paise: sign * r.sgstPaise });
    entries.push({ ledger: tax[2], paise: sign * r.igstPaise });
  }
  return entries;
}

/**
 * One entry per ledger and side, in the order first met, zeros dropped, and the difference between the
 * debits and credits on the round off ledger: what makes the voucher balance.
 */
export function balanced(ledgers: TallyLedgers, entries: readonly TallyEntry[]): TallyEntry[] {
  const merged: TallyEntry[] = [];
  for (const e of entries) {
    if (e.paise === 0) continue;
    const same = merged.find((m) => m.ledger === e.ledger && Math.sign(m.paise) === Math.sign(e.paise));
    if (same) {
      same.paise += e.paise;
      same.party ||= e.party;
    } else merged.push({ ...e });
  }
  const rest = merged.reduce((s, e) => s + e.paise, 0);
  if (rest !== 0) merged.push({ ledger: ledgers.roundOff, paise: -rest });
  return merged;
}

/**
 * The parts as they leave or enter: each part's amount on its method's ledger (credit: the customer's), what
 * the parts miss on the customer's. `customer` is the customer's ledger, or the cash ledger for a walk-in.
 */
function partEntries(ledgers: TallyLedgers, parts: readonly TallyPart[], totalPaise: number, customer: string, sign: 1 | -1): TallyEntry[] {
  const entries: TallyEntry[] = parts.map((p) => ({ ledger: methodLedger(ledgers, p.method, customer), paise: sign * p.amountPaise }));
  const rest = totalPaise - parts.reduce((s, p) => s + p.amountPaise, 0);
  if (rest !== 0) entries.push({ ledger: customer, paise: sign * rest });
  return entries;
}

/**
 * The voucher's party: the customer's ledger when an entry is on it (a sale on credit), else the first
 * ledger the money moved through (a cash sale: Cash, even to a named customer, whose name is in the
 * narration). Marked ISPARTYLEDGER on its entry.
 */
function withParty(entries: TallyEntry[], customer: string | null): { party: string; entries: TallyEntry[] } {
  const party = (customer && entries.find((e) => e.ledger === customer)?.ledger) || entries[0]?.ledger || '';
  const first = entries.findIndex((e) => e.ledger === party);
  return { party, entries: entries.map((e, i) => (i === first ? { ...e, party: true } : e)) };
}

export interface TallySaleInput {
  id: string;
  number: string;
  date: string;
  /** The named customer (shop customer or app customer), null for a walk-in. */
  customer: string | null;
  totalPaise: number;
  rates: readonly TallyRateAmounts[];
  /** How it was paid: one part, or a split sale's parts. */
  parts: readonly TallyPart[];
}

/** A Sales voucher: each part Dr on its ledger (cash, bank, the customer's for credit), sales per rate and output taxes Cr. */
export function salesVoucher(ledgers: TallyLedgers, s: TallySaleInput): TallyVoucher {
  const customer = s.customer ?? ledgers.cash;
  const { party, entries } = withParty(
    balanced(ledgers, [...partEntries(ledgers, s.parts, s.totalPaise, customer, 1), ...taxEntries(ledgers, 'sales', s.rates, -1)]),
    s.customer,
  );
  return {
    type: 'Sales',
    remoteId: `nk-sale-${s.id}`,
    date: s.date,
    number: s.number,
    partyLedger: party,
    narration: `Invoice ${s.number}${s.customer ? `, ${s.customer}` : ''}`,
    entries,
  };
}

export interface TallyCreditNoteInput extends TallySaleInput {
  invoiceNumber: string;
}

/** A Credit Note voucher: the sale reversed; sales per rate and output taxes Dr, each refund part Cr. */
export function creditNoteVoucher(ledgers: TallyLedgers, n: TallyCreditNoteInput): TallyVoucher {
  const customer = n.customer ?? ledgers.cash;
  const { party, entries } = withParty(
    balanced(ledgers, [...partEntries(ledgers, n.parts, n.totalPaise, customer, -1), ...taxEntries(ledgers, 'sales', n.rates, 1)]),
    n.customer,
  );
  return {
    type: 'Credit Note',
    remoteId: `nk-credit-note-${n.id}`,
    date: n.date,
    number: n.number,
    reference: n.invoiceNumber,
    partyLedger: party,
    narration: `Credit note ${n.number} against invoice ${n.invoiceNumber}${n.customer ? `, ${n.customer}` : ''}`,
    entries,
  };
}

export interface TallyPurchaseInput {
  id: string;
  /** Our number (a debit note's); a purchase has only the supplier's bill number. */
  number?: string;
  billNumber: string;
  date: string;
  supplier: string;
  totalPaise: number;
  rates: readonly TallyRateAmounts[];
}

/** A Purchase voucher: purchases per rate and input taxes Dr, the supplier Cr the bill's total. */
export function purchaseVoucher(ledgers: TallyLedgers, p: TallyPurchaseInput): TallyVoucher {
  const entries = [{ ledger: p.supplier, paise: -p.totalPaise, party: true }, ...taxEntries(ledgers, 'purchase', p.rates, 1)];
  return {
    type: 'Purchase',
    remoteId: `nk-purchase-${p.id}`,
    date: p.date,
    reference: p.billNumber,
    partyLedger: p.supplier,
    narration: `Bill ${p.billNumber}, ${p.supplier}`,
    entries: balanced(ledgers, entries),
  };
}

/** A Debit Note voucher: the purchase reversed; the supplier Dr, purchases per rate and input taxes Cr. */
export function debitNoteVoucher(ledgers: TallyLedgers, d: TallyPurchaseInput): TallyVoucher {
  const entries = [{ ledger: d.supplier, paise: d.totalPaise, party: true }, ...taxEntries(ledgers, 'purchase', d.rates, -1)];
  return {
    type: 'Debit Note',
    remoteId: `nk-debit-note-${d.id}`,
    date: d.date,
    number: d.number,
    reference: d.billNumber,
    partyLedger: d.supplier,
    narration: `Debit note ${d.number ?? ''} against bill ${d.billNumber}, ${d.supplier}`,
    entries: balanced(ledgers, entries),
  };
}

export interface TallyMoneyInput {
  id: string;
  date: string;
  party: string;
  amountPaise: number;
  method: Exclude<TallyMethod, 'credit'>;
  note: string | null;
}

/** A Receipt voucher: a customer's payment on account; cash or bank Dr, the customer Cr. */
export function receiptVoucher(ledgers: TallyLedgers, r: TallyMoneyInput): TallyVoucher {
  return {
    type: 'Receipt',
    remoteId: `nk-receipt-${r.id}`,
    date: r.date,
    partyLedger: r.party,
    narration: `Received from ${r.party}${r.note ? `: ${r.note}` : ''}`,
    entries: balanced(ledgers, [
      { ledger: methodLedger(ledgers, r.method, r.party), paise: r.amountPaise },
      { ledger: r.party, paise: -r.amountPaise, party: true },
    ]),
  };
}

/** A Payment voucher to a supplier: the supplier Dr, cash or bank Cr. */
export function supplierPaymentVoucher(ledgers: TallyLedgers, p: TallyMoneyInput): TallyVoucher {
  return {
    type: 'Payment',
    remoteId: `nk-supplier-payment-${p.id}`,
    date: p.date,
    partyLedger: p.party,
    narration: `Paid to ${p.party}${p.note ? `: ${p.note}` : ''}`,
    entries: balanced(ledgers, [
      { ledger: p.party, paise: p.amountPaise, party: true },
      { ledger: methodLedger(ledgers, p.method, p.party), paise: -p.amountPaise },
    ]),
  };
}

export interface TallyExpenseInput {
  id: string;
  date: string;
  /** The expense ledger: the category's name (Rent, Electricity...). */
  category: string;
  amountPaise: number;
  method: Exclude<TallyMethod, 'credit'>;
  note: string | null;
  /** The bill's input GST, when the shop recorded it (else the whole amount is the expense). */
  tax: TallyRateAmounts | null;
}

/** A Payment voucher for an expense: the expense ledger Dr its taxable value, input GST Dr, cash or bank Cr the amount. */
export function expenseVoucher(ledgers: TallyLedgers, e: TallyExpenseInput): TallyVoucher {
  const paidFrom = methodLedger(ledgers, e.method, ledgers.cash);
  const debits: TallyEntry[] = e.tax
    ? [
        { ledger: e.category, paise: e.tax.taxablePaise },
        { ledger: ledgers.inputCgst, paise: e.tax.cgstPaise },
        { ledger: ledgers.inputSgst, paise: e.tax.sgstPaise },
        { ledger: ledgers.inputIgst, paise: e.tax.igstPaise },
      ]
    : [{ ledger: e.category, paise: e.amountPaise }];
  return {
    type: 'Payment',
    remoteId: `nk-expense-${e.id}`,
    date: e.date,
    partyLedger: paidFrom,
    narration: `${e.category}${e.note ? `: ${e.note}` : ''}`,
    entries: balanced(ledgers, [...debits, { ledger: paidFrom, paise: -e.amountPaise, party: true }]),
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text for an XML element or a double-quoted attribute: the five special characters escaped, and the
 * characters XML 1.0 cannot carry at all (control characters but tab and line ends) left out.
 */
export function xmlText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** Paise as Tally's AMOUNT: rupees with two decimals, a debit negative (ISDEEMEDPOSITIVE Yes). */
export function tallyAmount(paise: number): string {
  const sign = paise > 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const tag = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

/** One voucher as Tally imports it (the Accounting Voucher View). */
export function voucherXml(v: TallyVoucher): string {
  const out = [
    `<TALLYMESSAGE xmlns:UDF="TallyUDF">`,
    `<VOUCHER REMOTEID="${xmlText(v.remoteId)}" VCHTYPE="${xmlText(v.type)}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
    tag('DATE', v.date.replaceAll('-', '')),
    tag('VOUCHERTYPENAME', v.type),
  ];
  if (v.number) out.push(tag('VOUCHERNUMBER', v.number));
  if (v.reference) out.push(tag('REFERENCE', v.reference));
  out.push(tag('PARTYLEDGERNAME', v.partyLedger), tag('NARRATION', v.narration), tag('PERSISTEDVIEW', 'Accounting Voucher View'));
  for (const e of v.entries) {
    out.push(
      '<ALLLEDGERENTRIES.LIST>',
      tag('LEDGERNAME', e.ledger),
      tag('ISDEEMEDPOSITIVE', e.paise > 0 ? 'Yes' : 'No'),
      tag('ISPARTYLEDGER', e.party ? 'Yes' : 'No'),
      tag('AMOUNT', tallyAmount(e.paise)),
      '</ALLLEDGERENTRIES.LIST>',
    );
  }
  out.push('</VOUCHER>', '</TALLYMESSAGE>');
  return out.join('\n');
}

/** Tally's import request: ENVELOPE > HEADER (Import Data) > BODY > IMPORTDATA > REQUESTDESC (Vouchers) > REQUESTDATA. */
export function tallyEnvelope(company: string, vouchers: readonly TallyVoucher[]): string {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    '<HEADER>',
    tag('TALLYREQUEST', 'Import Data'),
    '</HEADER>',
    '<BODY>',
    '<IMPORTDATA>',
    '<REQUESTDESC>',
    tag('REPORTNAME', 'Vouchers'),
    ...(company ? ['<STATICVARIABLES>', tag('SVCURRENTCOMPANY', company), '</STATICVARIABLES>'] : []),
    '</REQUESTDESC>',
    '<REQUESTDATA>',
  ];
  const tail = ['</REQUESTDATA>', '</IMPORTDATA>', '</BODY>', '</ENVELOPE>', ''];
  return [...head, ...vouchers.map(voucherXml), ...tail].join('\n');
}
