import { lazy, Suspense } from 'react';
import { amountInWords } from '../../../core/amount-in-words';
import { amountInTamilWords } from '../../../core/amount-in-words-ta';
import { formatRupees } from '../../../core/money';
import { isInterState } from '../../../core/place-of-supply';
import { BuyerBlock } from '../../components/bill-buyer';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useDateFormat } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { lineNameIn } from '../../lib/line-name';
import { useUnitText } from '../../lib/unit-text';
import { type BillData, billRef, isTaxInvoice, taxByRate } from './bill-data';

const UpiQr = lazy(() => import('../../components/upi-qr'));
const rs = (paise: number) => formatRupees(paise / 100);
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The bill of a sale: a GST tax invoice (a registered shop charging GST) or a bill of supply, on a
 * 58 mm or 80 mm roll or A4. Shop, GSTIN, invoice number and time, each line with HSN, quantity and
 * unit, rate, discount and amount, taxable value and CGST/SGST by rate (IGST when the goods went to
 * another state), the buyer and place of supply when named (a business buyer's GSTIN), the total in figures and in
 * words, how it was paid, and a UPI QR code while unpaid. A sale still on this device is provisional;
 * a pending unpaid order shows its reference and that the invoice number is given at delivery.
 */
export function CounterBill({ bill, paper }: { bill: BillData; paper: Paper }) {
  const lang = useLanguage();
  const inWords = lang === 'ta' ? amountInTamilWords : amountInWords;
  const t = useT('receipt');
  const units = useUnitText();
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const tax = taxByRate(bill.lines);
  const interState = isInterState(bill.placeOfSupply) || tax.some((r) => r.igstPaise > 0);
  // a voided sale is owed nothing: no QR code
  const unpaid = !bill.paid && !bill.voided;
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
        {isTaxInvoice(bill) ? t('taxInvoice') : t('billOfSupply')}
      </SheetText>
      {bill.voided && (
        <>
          <SheetText center strong>
            <span data-testid="bill-void">{t('voidedMark')}</span>
          </SheetText>
          <SheetText center small>
            {t('voidedNote', { at: date.format(new Date(bill.voided.at)), reason: bill.voided.reason })}
          </SheetText>
        </>
      )}
      {bill.provisional && (
        <SheetText center strong>
          <span data-testid="bill-provisional">{t('provisional')}</span>
        </SheetText>
      )}
      <SheetRule />
      <SheetRow
        label={t('invoiceNo')}
        value={<span data-testid="bill-invoice">{bill.invoiceNumber ?? t('refNo', { ref: billRef(bill) })}</span>}
      />
      <SheetRow label={t('dateTime')} value={date.format(new Date(bill.date))} />
      {bill.buyer ? (
        <BuyerBlock buyer={bill.buyer} placeOfSupply={bill.placeOfSupply} />
      ) : (
        <>
          <SheetRow label={t('customer')} value={bill.customer?.name || t('walkIn')} />
          {bill.customer?.address && <SheetText small>{bill.customer.address}</SheetText>}
        </>
      )}
      <SheetRule />
      {bill.lines.map((l, i) => (
        <div key={i} data-testid="bill-line">
          <SheetText strong>{lineNameIn(l, lang) || t('unnamedProduct')}</SheetText>
          <SheetRow
            label={
              <>
                {t('hsn')} {l.hsn || '-'} · <span style={NOWRAP}>{units.quantity(l.quantity, l.unit)}</span> ×{' '}
                {/* the rate and its unit stay on one line on a narrow roll ("₹68.00 / kg") */}
                <span style={NOWRAP} data-testid="bill-rate">
                  {rs(l.ratePaise)}
                  {units.perUnit(l.unit)}
                </span>
                {l.discountPaise > 0 ? ` − ${rs(l.discountPaise)}` : ''}
                {l.gstRate > 0 ? ` · ${l.gstRate}%` : ''}
              </>
            }
            value={rs(l.amountPaise)}
          />
        </div>
      ))}
      <SheetRule />
      <SheetRow label={t('items')} value={rs(bill.itemsPaise)} />
      {bill.savedPaise > 0 && <SheetRow label={t('youSaved')} value={rs(bill.savedPaise)} />}
      {bill.roundOffPaise > 0 && <SheetRow label={t('deliveryDiscount')} value={`−${rs(bill.roundOffPaise)}`} />}
      <SheetRow label={t('total')} value={<span data-testid="bill-total">{rs(bill.totalPaise)}</span>} strong />
      <SheetText small>
        <span data-testid="bill-words">{inWords(bill.totalPaise)}</span>
      </SheetText>
      <SheetRow
        label={t('payment')}
        value={
          bill.paid ? t('paidWith', { method: bill.paymentMethod ? t(`method_${bill.paymentMethod}`) : t('method_cash') }) : t('notPaid')
        }
      />
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
      {unpaid && bill.shop.upiId && bill.totalPaise > 0 && (
        <>
          <SheetRule />
          <Suspense fallback={null}>
            <UpiQr
              upiId={bill.shop.upiId}
              payee={bill.shop.name}
              amountPaise={bill.totalPaise}
              note={bill.invoiceNumber ?? `Sale ${billRef(bill)}`}
              size={paper === '58mm' ? '34mm' : '42mm'}
            />
          </Suspense>
        </>
      )}
      {bill.provisional && (
        <SheetText center small>
          {t('provisionalNote')}
        </SheetText>
      )}
      {!bill.provisional && !bill.invoiceNumber && (
        <SheetText center small>
          <span data-testid="bill-number-at-delivery">{t('numberAtDelivery')}</span>
        </SheetText>
      )}
      <SheetRule />
      <SheetText center small>
        {t('thanks')}
      </SheetText>
    </PrintSheet>
  );
}
