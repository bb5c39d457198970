import { amountInWords } from '../../../core/amount-in-words';
import { amountInTamilWords } from '../../../core/amount-in-words-ta';
import { gstStateLabel } from '../../../core/gstin';
import { formatRupees } from '../../../core/money';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { QrCode } from '../../components/qr-code';
import { useDateFormat } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { lineNameIn } from '../../lib/line-name';
import { useUnitText } from '../../lib/unit-text';
import type { CreditNoteDto } from './credit-notes-api';
import { refundedByText } from './credit-note-share';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A credit note as it prints on a 58 mm or 80 mm roll or A4 (CGST rule 53(1A)): the seller with its
 * GSTIN, the note's number and date, the invoice it is against, the buyer when the bill named one,
 * the place of supply, the lines returned with HSN, quantity, rate and amount, the GST reversed by
 * rate, the total refunded in figures and words, how it was refunded, and its e-invoice (IRN and QR) once entered.
 */
export function CreditNoteSheet({ note, paper }: { note: CreditNoteDto; paper: Paper }) {
  const t = useT('returns');
  const te = useT('eway');
  const lang = useLanguage();
  const units = useUnitText();
  const inWords = lang === 'ta' ? amountInTamilWords : amountInWords;
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const day = useDateFormat({ dateStyle: 'medium' });
  const v = note.vendorId;
  const igst = note.totals.igst > 0;
  return (
    <PrintSheet paper={paper} testId="credit-note">
      <SheetText center strong>
        {v.shopName || v.name}
      </SheetText>
      {v.address && (
        <SheetText center small>
          {v.address}
        </SheetText>
      )}
      {v.gstNumber && <SheetText center>GSTIN {v.gstNumber}</SheetText>}
      <SheetText center strong>
        {t('title')}
      </SheetText>
      <SheetRule />
      <SheetRow label={t('number')} value={<span data-testid="cn-number">{note.number}</span>} />
      <SheetRow label={t('date')} value={date.format(new Date(note.date))} />
      <SheetText small>
        <span data-testid="cn-against">
          {note.invoiceNumber
            ? t('against', { invoice: note.invoiceNumber, date: note.invoiceDate ? day.format(new Date(note.invoiceDate)) : '-' })
            : t('againstOrder', { n: note.orderNumber })}
        </span>
      </SheetText>
      {note.buyer && (
        <>
          <SheetRow label={t('buyer')} value={note.buyer.name} />
          {note.buyer.address && <SheetText small>{note.buyer.address}</SheetText>}
          {note.buyer.gstin && <SheetText small>{t('buyerGstin', { gstin: note.buyer.gstin })}</SheetText>}
        </>
      )}
      <SheetRow label={t('placeOfSupply')} value={gstStateLabel(note.placeOfSupply)} />
      <SheetRule />
      {note.lines.map((l, i) => (
        <div key={i} data-testid="cn-line">
          <SheetText strong>{lineNameIn({ name: l.name, nameTa: l.nameTa }, lang)}</SheetText>
          <SheetRow
            label={
              <>
                {t('hsn')} {l.hsnCode || '-'} · <span style={NOWRAP}>{units.quantity(l.quantity, l.unit)}</span> ×{' '}
                <span style={NOWRAP}>
                  {formatRupees(l.price)}
                  {units.perUnit(l.unit)}
                </span>
                {l.gstRate > 0 ? ` · ${l.gstRate}%` : ''}
              </>
            }
            value={formatRupees(l.amount)}
          />
        </div>
      ))}
      <SheetRule />
      <SheetText small strong>
        {t('gstByRate')}
      </SheetText>
      <div data-testid="cn-tax">
        {note.taxByRate.map((r) => (
          <SheetText key={r.rate} small>
            {t('taxLine', { rate: r.rate, taxable: formatRupees(r.taxable) })}
            {igst
              ? ` · IGST ${r.rate}% ${formatRupees(r.igst)}`
              : ` · CGST ${r.rate / 2}% ${formatRupees(r.cgst)} · SGST ${r.rate / 2}% ${formatRupees(r.sgst)}`}
          </SheetText>
        ))}
      </div>
      <SheetRow label={t('totalRefunded')} value={<span data-testid="cn-total">{formatRupees(note.totals.amount)}</span>} strong />
      <SheetText small>{inWords(Math.round(note.totals.amount * 100))}</SheetText>
      <SheetRow label={t('refundedBy')} value={refundedByText(note)} />
      <SheetText small>{note.restock ? t('restocked') : t('damaged')}</SheetText>
      {note.einvoice && (
        <>
          <SheetText small>
            <span data-testid="cn-irn" style={{ wordBreak: 'break-all' }}>
              {te('printedIrn', { irn: note.einvoice.irn })}
            </span>
          </SheetText>
          <SheetText small>{te('printedAck', { ackNo: note.einvoice.ackNo })}</SheetText>
          <SheetText center>
            <QrCode text={note.einvoice.signedQr} size="38mm" label={te('signedQr')} />
          </SheetText>
        </>
      )}
    </PrintSheet>
  );
}
