import { lazy, Suspense } from 'react';
import { amountInWords } from '../../../core/amount-in-words';
import { amountInTamilWords } from '../../../core/amount-in-words-ta';
import { SheetText } from '../../components/print-sheet';
import { useDateFormat } from '../../lib/format';
import { type Translate, useT } from '../../lib/i18n';
import type { Lang } from '../../lib/language';
import { lineNameIn } from '../../lib/line-name';
import { useUnitText } from '../../lib/unit-text';
import { type BillData, type BillLine, billRef, isTaxInvoice, showsUpiQr } from './bill-data';

/**
 * What every form of a bill shares, in the bill's own language: its words (the printed receipt
 * counter-bill.tsx, the A4 invoice tax-invoice-a4.tsx, the thermal print and the shared text), the
 * UPI QR code of an unpaid bill and the notes under it.
 */

const UpiQr = lazy(() => import('../../components/upi-qr'));

const figures = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** An amount as a plain figure ("1,234.50"): a bill's lines (the receipt printer's, the A4 table's columns). */
export const plainAmount = (paise: number) => figures.format(paise / 100);

/** The total in words: Tamil for a Tamil bill ("ரூபாய் … மட்டும்"), else English ("Rupees … Only"). */
export const amountInWordsIn = (lang: Lang) => (lang === 'ta' ? amountInTamilWords : amountInWords);

/** "Tax invoice" or "Bill of supply". */
export const billTitle = (b: BillData, t: Translate<'receipt'>) => (isTaxInvoice(b) ? t('taxInvoice') : t('billOfSupply'));

/** "Paid (UPI)", a paid sale without its method being cash; "Not paid yet"; a sale paid in parts: "Cash ₹500.00 · UPI ₹347.21". */
export const paymentText = (b: BillData, t: Translate<'receipt'>) =>
  b.payments
    ? b.payments.map((p) => `${t(`method_${p.method}`)} ₹${plainAmount(p.amountPaise)}`).join(' · ')
    : b.paid
      ? t('paidWith', { method: b.paymentMethod ? t(`method_${b.paymentMethod}`) : t('method_cash') })
      : b.paymentMethod === 'upi' && !b.voided
        ? t('upiAwaiting')
        : t('notPaid');

/** A line's batches as printed: "Batch B12 · Exp 03/2027" (the month and year a strip carries), several joined by commas. */
export const batchText = (l: BillLine, t: Translate<'receipt'>): string =>
  (l.batches ?? [])
    .map((b) =>
      b.expiry
        ? t('batchExpiry', { number: b.number, expiry: `${b.expiry.slice(5, 7)}/${b.expiry.slice(0, 4)}` })
        : t('batchOnly', { number: b.number }),
    )
    .join(', ');

/** A line's product in the bill's language: its Tamil name on a Tamil bill when it has one. */
export const lineLabel = (l: BillLine, lang: Lang, t: Translate<'receipt'>) => lineNameIn(l, lang) || t('unnamedProduct');

/** The receipt texts, quantities, dates and amount in words of a bill shown in `lang` (re-renders on a change). */
export function useBillTexts(lang: Lang) {
  const t = useT('receipt', lang);
  const units = useUnitText(lang);
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' }, lang);
  return { t, units, date, inWords: amountInWordsIn(lang), name: (l: BillLine) => lineLabel(l, lang, t) };
}

/** The UPI QR code to pay an unpaid bill with, when the shop has a UPI ID; nothing otherwise. */
export function BillUpiQr({ bill, lang, size }: { bill: BillData; lang: Lang; size: string }) {
  if (!showsUpiQr(bill)) return null;
  return (
    <Suspense fallback={null}>
      <UpiQr
        upiId={bill.shop.upiId}
        payee={bill.shop.name}
        amountPaise={bill.totalPaise}
        note={bill.invoiceNumber ?? `Sale ${billRef(bill)}`}
        size={size}
        lang={lang}
      />
    </Suspense>
  );
}

/** "Cashier: Arun": who made a counter sale, by their first name; nothing on a customer's order. */
export function BillCashier({ bill, t }: { bill: BillData; t: Translate<'receipt'> }) {
  if (!bill.cashier) return null;
  return (
    <SheetText small>
      <span data-testid="bill-cashier">{t('cashier', { name: bill.cashier })}</span>
    </SheetText>
  );
}

/** Why a bill has no invoice number yet: a provisional bill of a sale on this device, or an order numbered at delivery. */
export function BillNumberNote({ bill, t }: { bill: BillData; t: Translate<'receipt'> }) {
  if (bill.provisional) {
    return (
      <SheetText center small>
        {t('provisionalNote')}
      </SheetText>
    );
  }
  if (bill.invoiceNumber) return null;
  return (
    <SheetText center small>
      <span data-testid="bill-number-at-delivery">{t('numberAtDelivery')}</span>
    </SheetText>
  );
}

/** The marks of a bill that is not a plain one: VOID with when and why, PROVISIONAL. */
export function BillMarks({ bill, t, date }: { bill: BillData; t: Translate<'receipt'>; date: Intl.DateTimeFormat }) {
  return (
    <>
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
    </>
  );
}
