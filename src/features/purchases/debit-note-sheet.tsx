import { amountInWords } from '../../../core/amount-in-words';
import { amountInTamilWords } from '../../../core/amount-in-words-ta';
import { formatRupees, toPaise, toRupees } from '../../../core/money';
import type { DebitNoteDto } from '../../../core/schemas/debit-note';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useDateFormat } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The note's taxable value and GST per rate, lowest rate first (rupees, summed in paise). */
function byRate(note: DebitNoteDto) {
  const rows = new Map<number, { taxable: number; cgst: number; sgst: number; igst: number }>();
  for (const l of note.lines) {
    const r = rows.get(l.gstRate) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    r.taxable += toPaise(l.taxable);
    r.cgst += toPaise(l.cgst);
    r.sgst += toPaise(l.sgst);
    r.igst += toPaise(l.igst);
    rows.set(l.gstRate, r);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, r]) => ({ rate, taxable: toRupees(r.taxable), cgst: toRupees(r.cgst), sgst: toRupees(r.sgst), igst: toRupees(r.igst) }));
}

/**
 * A debit note as it prints on a roll or A4 (the particulars of CGST rule 53(1A)): the shop with its
 * GSTIN, the note's number and date, the supplier with its GSTIN, the bill it is against, the goods
 * returned with quantity, unit cost and rate, the GST reversed by rate, the total in figures and words,
 * the reason, and the e-way bill number once entered.
 */
export function DebitNoteSheet({ note, paper }: { note: DebitNoteDto; paper: Paper }) {
  const t = useT('purchases');
  const te = useT('eway');
  const lang = useLanguage();
  const units = useUnitText();
  const inWords = lang === 'ta' ? amountInTamilWords : amountInWords;
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const dayOf = (d: string) => day.format(new Date(`${d}T00:00:00Z`));
  return (
    <PrintSheet paper={paper} testId="debit-note">
      <SheetText center strong>
        {note.shop.name}
      </SheetText>
      {note.shop.address && (
        <SheetText center small>
          {note.shop.address}
        </SheetText>
      )}
      {note.shop.gstin && <SheetText center>GSTIN {note.shop.gstin}</SheetText>}
      <SheetText center strong>
        {t('debitNoteTitle')}
      </SheetText>
      <SheetRule />
      <SheetRow label={t('noteNumber')} value={<span data-testid="dn-number">{note.number}</span>} />
      <SheetRow label={t('noteDate')} value={dayOf(note.noteDate)} />
      <SheetRow label={t('supplier')} value={note.supplier.name} />
      {note.supplier.gstin && <SheetText small>{t('noteSupplierGstin', { gstin: note.supplier.gstin })}</SheetText>}
      <SheetText small>{t('against', { bill: note.billNumber, date: dayOf(note.billDate) })}</SheetText>
      {note.interState && <SheetText small>{t('igstNote')}</SheetText>}
      <SheetRule />
      {note.lines.map((l, i) => (
        <div key={i} data-testid="dn-line">
          <SheetText strong>{l.name}</SheetText>
          <SheetRow
            label={
              <>
                <span style={NOWRAP}>{units.quantity(l.quantity, l.unit)}</span> ×{' '}
                <span style={NOWRAP}>
                  {formatRupees(l.unitCost)}
                  {units.perUnit(l.unit)}
                </span>
                {` · ${l.gstRate}%`}
              </>
            }
            value={formatRupees(l.taxable)}
          />
        </div>
      ))}
      <SheetRule />
      <SheetRow label={t('taxableTotal')} value={formatRupees(note.taxable)} />
      {byRate(note).map((r) => (
        <SheetText key={r.rate} small>
          {note.interState
            ? `${r.rate}% · ${formatRupees(r.taxable)} · IGST ${formatRupees(r.igst)}`
            : `${r.rate}% · ${formatRupees(r.taxable)} · CGST ${formatRupees(r.cgst)} · SGST ${formatRupees(r.sgst)}`}
        </SheetText>
      ))}
      <SheetRow label={t('totalReturned')} value={<span data-testid="dn-total">{formatRupees(note.total)}</span>} strong />
      <SheetText small>{inWords(toPaise(note.total))}</SheetText>
      {note.reason && <SheetRow label={t('reason')} value={note.reason} />}
      {note.ewayBill && (
        <SheetText small>
          <span data-testid="dn-eway-bill">{te('printedEwayBill', { number: note.ewayBill.number })}</span>
        </SheetText>
      )}
    </PrintSheet>
  );
}
