import { soldQuantityText } from '../../../core/packs';
import { use } from 'react';
import { formatRupees } from '../../../core/money';
import { BuyerBlock } from '../../components/bill-buyer';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useLanguage } from '../../lib/i18n';
import type { Lang } from '../../lib/language';
import { tamilFontsReady } from '../../lib/tamil-font';
import { tracked } from '../../lib/tracked-promise';
import { type BillData, billRef, isInterStateBill, showsUpiQr, taxByRate } from './bill-data';
import { batchText, BillCashier, BillMarks, BillNumberNote, BillUpiQr, billTitle, paymentText, useBillTexts } from './bill-parts';
import { TaxInvoiceA4 } from './tax-invoice-a4';
import { BillEwayEinvoice } from './bill-einvoice';
import { BillPoints } from './bill-points';

const rs = (paise: number) => formatRupees(paise / 100);
const NOTHING_TO_WAIT_FOR = tracked(Promise.resolve());
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The bill of a sale: a GST tax invoice (a registered shop charging GST) or a bill of supply, on a
 * 58 mm or 80 mm roll, or on A4 as a tax invoice table (tax-invoice-a4.tsx). Shop, GSTIN, invoice
 * number and time, each line with HSN, quantity and unit, rate, discount and amount, taxable value and
 * CGST/SGST by rate (IGST when the goods went to another state), the buyer and place of supply when
 * named (a business buyer's GSTIN), the total in figures and in words, how it was paid, and a UPI QR
 * code while unpaid. A sale still on this device is provisional; a pending unpaid order shows its
 * reference and that the invoice number is given at delivery. Everything on it is in `lang` (the
 * bill's language: core/bill-language.ts), else the interface language.
 */
export function CounterBill({ bill, paper, lang }: { bill: BillData; paper: Paper; lang?: Lang }) {
  const ui = useLanguage();
  const shown = lang ?? ui;
  // Tamil laid out before its font has come can stay as boxes (src/app/tamil-font-ready.ts): a Tamil bill waits for it
  use(shown === 'ta' ? tamilFontsReady() : NOTHING_TO_WAIT_FOR);
  if (paper === 'A4') return <TaxInvoiceA4 bill={bill} lang={shown} />;
  return <RollBill bill={bill} paper={paper} lang={shown} />;
}

/** The bill on a receipt roll: one line after another. */
function RollBill({ bill, paper, lang }: { bill: BillData; paper: Paper; lang: Lang }) {
  const { t, units, date, inWords, name } = useBillTexts(lang);
  const tax = taxByRate(bill.lines);
  const interState = isInterStateBill(bill);
  return (
    <PrintSheet paper={paper} testId="counter-bill">
      <SheetText center strong>
        {bill.shop.name}
      </SheetText>
      {bill.shop.address && (
        <SheetText center small>
          {bill.shop.address}
        </SheetText>
      )}
      {bill.shop.gstin && (
        <SheetText center>
          <span data-testid="bill-gstin">GSTIN {bill.shop.gstin}</span>
        </SheetText>
      )}
      <SheetText center strong>
        {billTitle(bill, t)}
      </SheetText>
      <BillMarks bill={bill} t={t} date={date} />
      <SheetRule />
      <SheetRow
        label={t('invoiceNo')}
        value={<span data-testid="bill-invoice">{bill.invoiceNumber ?? t('refNo', { ref: billRef(bill) })}</span>}
      />
      <SheetRow label={t('dateTime')} value={date.format(new Date(bill.date))} />
      <BillEwayEinvoice bill={bill} />
      <BillCashier bill={bill} t={t} />
      {bill.buyer ? (
        <BuyerBlock buyer={bill.buyer} placeOfSupply={bill.placeOfSupply} lang={lang} />
      ) : (
        <>
          <SheetRow label={t('customer')} value={bill.customer?.name || t('walkIn')} />
          {bill.customer?.address && <SheetText small>{bill.customer.address}</SheetText>}
        </>
      )}
      <SheetRule />
      {bill.lines.map((l, i) => (
        <div key={i} data-testid="bill-line">
          <SheetText strong>{name(l)}</SheetText>
          <SheetRow
            label={
              <>
                {t('hsn')} {l.hsn || '-'} · <span style={NOWRAP}>{soldQuantityText(units, l.quantity, l.unit, l.pack, l.packFactor)}</span>{' '}
                × {/* the rate and its unit stay on one line on a narrow roll ("₹68.00 / kg") */}
                <span style={NOWRAP} data-testid="bill-rate">
                  {rs(l.ratePaise)}
                  {l.pack ? '' : units.perUnit(l.unit)}
                </span>
                {l.discountPaise > 0 ? ` − ${rs(l.discountPaise)}` : ''}
                {l.gstRate > 0 ? ` · ${l.gstRate}%` : ''}
              </>
            }
            value={rs(l.amountPaise)}
          />
          {/* the price list and scheme that priced the line (core/pricing.ts) */}
          {l.note && (
            <SheetText small>
              <span data-testid="bill-line-pricing">{l.note}</span>
            </SheetText>
          )}
          {/* the batches it took and their expiry (a medicine's bill carries them) */}
          {l.batches?.length ? (
            <SheetText small>
              <span data-testid="bill-line-batch">{batchText(l, t)}</span>
            </SheetText>
          ) : null}
        </div>
      ))}
      <SheetRule />
      <SheetRow label={t('items')} value={rs(bill.itemsPaise)} />
      {bill.savedPaise > 0 && <SheetRow label={t('youSaved')} value={rs(bill.savedPaise)} />}
      {bill.roundOffPaise > 0 && <SheetRow label={t('deliveryDiscount')} value={`−${rs(bill.roundOffPaise)}`} />}
      <BillPoints bill={bill} t={t} part="redeemed" />
      <SheetRow label={t('total')} value={<span data-testid="bill-total">{rs(bill.totalPaise)}</span>} strong />
      <SheetText small>
        <span data-testid="bill-words">{inWords(bill.totalPaise)}</span>
      </SheetText>
      <SheetRow label={t('payment')} value={<span data-testid="bill-payment">{paymentText(bill, t)}</span>} />
      <BillPoints bill={bill} t={t} part="earned" />
      <SheetRule />
      <SheetText small>{interState ? t('pricesIncludeIgst') : t('pricesIncludeGst')}</SheetText>
      <div data-testid="bill-tax">
        {tax.map((r) => (
          <SheetText key={r.rate} small>
            {t('taxLine', { rate: r.rate, taxable: rs(r.taxablePaise) })}
            {/* goods sent to another state: IGST at the full rate in place of the two halves */}
            {interState
              ? ` · IGST ${r.rate}% ${rs(r.igstPaise)}`
              : ` · CGST ${r.rate / 2}% ${rs(r.cgstPaise)} · SGST ${r.rate / 2}% ${rs(r.sgstPaise)}`}
          </SheetText>
        ))}
      </div>
      {showsUpiQr(bill) && <SheetRule />}
      <BillUpiQr bill={bill} lang={lang} size={paper === '58mm' ? '34mm' : '42mm'} />
      <BillNumberNote bill={bill} t={t} />
      <SheetRule />
      <SheetText center small>
        {t('thanks')}
      </SheetText>
    </PrintSheet>
  );
}
