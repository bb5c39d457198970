import { formatRupees } from '../../../core/money';
import type { ShiftDto } from '../../../core/schemas/shift';
import { COINS, DENOMINATIONS } from '../../../core/shift';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { differenceText } from './shift-result';

/** An amount that left the drawer: "−₹50.00" (nothing: "₹0.00"). */
const out = (rupees: number) => (rupees > 0 ? `−${formatRupees(rupees)}` : formatRupees(0));

/**
 * A shift's report as it prints on the receipt roll (or A4): the till, the cashier, when it opened and closed,
 * what went through the drawer with each pay-in and pay-out and its reason, what it should have held, the
 * count note by note, the difference and the note.
 */
export function ShiftReportSheet({
  shift,
  shop,
  provisional,
  paper,
}: {
  shift: ShiftDto;
  shop: string;
  provisional: boolean;
  paper: Paper;
}) {
  const t = useT('shift');
  const when = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '-');
  const diff = differenceText(t, shift.difference ?? 0);
  const count = shift.count ?? {};
  return (
    <PrintSheet paper={paper} testId="shift-report">
      {shop && (
        <SheetText center strong>
          {shop}
        </SheetText>
      )}
      <SheetText center strong>
        {t('reportTitle')}
      </SheetText>
      {provisional && (
        <SheetText center small>
          {t('provisional')}
        </SheetText>
      )}
      <SheetRule />
      <SheetRow label={t('reportTill')} value={<span data-testid="report-till">{shift.tillName}</span>} />
      <SheetRow label={t('reportCashier')} value={shift.cashier.name} />
      <SheetRow label={t('reportOpened')} value={at(shift.openedAt)} />
      <SheetRow label={t('reportClosed')} value={at(shift.closedAt)} />
      {shift.closedBy && shift.closedBy._id !== shift.cashier._id && <SheetRow label={t('reportClosedBy')} value={shift.closedBy.name} />}
      <SheetRule />
      <SheetRow label={t('floatShort')} value={formatRupees(shift.float)} />
      <SheetRow label={t('cashSales')} value={formatRupees(shift.cashSales)} />
      <SheetRow label={t('creditCollected')} value={formatRupees(shift.creditCollected)} />
      <SheetRow label={t('cashRefunds')} value={out(shift.cashRefunds)} />
      <SheetRow label={t('payIns')} value={formatRupees(shift.payIns)} />
      <SheetRow label={t('payOuts')} value={out(shift.payOuts)} />
      <SheetText strong>{t('reportCash')}</SheetText>
      {shift.cash.length === 0 && <SheetText small>{t('reportNoCash')}</SheetText>}
      {shift.cash.map((c, i) => (
        <SheetRow
          key={`${c.at}-${i}`}
          label={<span data-testid="report-cash">{`${t(c.kind === 'in' ? 'payIn' : 'payOut')}: ${c.reason}`}</span>}
          value={c.kind === 'in' ? formatRupees(c.amount) : out(c.amount)}
        />
      ))}
      <SheetRule />
      <SheetRow label={t('expected')} value={<span data-testid="report-expected">{formatRupees(shift.expected)}</span>} strong />
      <SheetRule />
      <SheetText strong>{t('reportCount')}</SheetText>
      {DENOMINATIONS.map((d) => (
        <SheetRow key={d} label={`₹${d} × ${count[d] ?? 0}`} value={formatRupees(Number(d) * (count[d] ?? 0))} />
      ))}
      <SheetRow label={t('coins')} value={formatRupees(count[COINS] ?? 0)} />
      <SheetRow label={t('counted')} value={<span data-testid="report-counted">{formatRupees(shift.counted ?? 0)}</span>} strong />
      <SheetRow label={t('difference')} value={<span data-testid="report-difference">{diff.text}</span>} strong />
      {shift.note && (
        <>
          <SheetRule />
          <SheetText strong>{t('reportNote')}</SheetText>
          <SheetText>{shift.note}</SheetText>
        </>
      )}
      <SheetRule />
      <SheetText center small>
        {t('reportPrintedAt', { at: when.format(new Date()) })}
      </SheetText>
    </PrintSheet>
  );
}
