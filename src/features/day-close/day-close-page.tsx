import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import type { DaySummary } from '../../../core/schemas/order';
import { DocumentPage } from '../../components/document-page';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { takenOff } from '../../components/summary-line';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { VendorSelect } from './vendor-select';
import { useCan } from '../../stores/use-can';
import { useCachedQuery } from '../../data/use-cached-query';
import { PersonSelect, useShopOwner } from '../../components/person-select';
import { fetchDaySummary, todayInIndia } from './day-close-api';
import { DayRefunds } from './day-refunds';
import { DayCod } from './day-cod';
import { RidersCash } from './riders-cash';
import { DayShifts } from './day-shifts';
import { cashToCount } from '../../../core/day-close';

/** The day's close as it prints: what the sales came to, how they were paid, the tax and the bill numbers. */
function DayCloseSheet({ s, paper }: { s: DaySummary; paper: Paper }) {
  const t = useT('day-close');
  // the day itself is a calendar date (UTC midnight of that day); the print time is India time
  const dayName = useDateFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const printedAt = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const pay = [
    ['cash', t('cash'), s.payments.cash, s.paymentCounts.cash],
    ['upi', t('upi'), s.payments.upi, s.paymentCounts.upi],
    ['card', t('card'), s.payments.card, s.paymentCounts.card],
    // the day's sales made on the account; the khata lines below count credit by the day the goods left
    ['credit', t('onAccount'), s.payments.credit, s.paymentCounts.credit],
    ['unpaid', t('notPaidYet'), s.payments.unpaid, s.paymentCounts.unpaid],
  ] as const;
  return (
    <PrintSheet paper={paper} testId="day-close-sheet">
      <SheetText center strong>
        {s.vendor.shopName || s.vendor.name}
      </SheetText>
      <SheetText center>{t('dayCloseOn', { day: dayName.format(new Date(`${s.date}T00:00:00Z`)) })}</SheetText>
      {s.staff && (
        <SheetText center strong>
          <span data-testid="dc-staff">{t('staffOnly', { name: s.staff.name })}</span>
        </SheetText>
      )}
      <SheetText center small>
        {t('printedAt', { at: printedAt.format(new Date()) })}
      </SheetText>
      <SheetRule />
      <SheetRow label={t('sales')} value={<span data-testid="dc-sales">{s.sales}</span>} />
      <SheetRow label={t('gross')} value={formatRupees(s.gross)} />
      <SheetRow label={t('lineDiscounts')} value={takenOff(s.lineDiscounts)} />
      <SheetRow label={t('deliveryDiscounts')} value={takenOff(s.deliveryDiscounts)} />
      <SheetRow label={t('net')} value={<span data-testid="dc-net">{formatRupees(s.net)}</span>} strong />
      <SheetRule />
      <SheetText strong>{t('byPayment')}</SheetText>
      {pay.map(([id, label, amount, n]) => (
        <SheetRow key={id} label={`${label} (${n})`} value={<span data-testid={`dc-pay-${id}`}>{formatRupees(amount)}</span>} />
      ))}
      {/* the UPI above by who confirmed it: the shop's payment provider, or a person (the cashier at a shop without one) */}
      {s.payments.upi > 0 && (
        <SheetText small>
          <span data-testid="dc-upi-confirmed">
            {t('upiConfirmedBy', { provider: formatRupees(s.upiConfirmed.provider), byHand: formatRupees(s.upiConfirmed.byHand) })}
          </span>
        </SheetText>
      )}
      {/* credit (khata): credit sales whose goods left that day, each to its customer, and what customers paid towards
          their dues (its cash is in the drawer too, less cash refunds: core/day-close.ts cashToCount) */}
      <SheetRow
        label={`${t('creditGiven')} (${s.creditGiven.count})`}
        value={<span data-testid="dc-credit-given">{formatRupees(s.creditGiven.amount)}</span>}
      />
      {s.creditGiven.orders.map((o) => (
        <SheetText key={o._id} small>
          <span data-testid="dc-credit-given-to">
            {t('creditGivenTo', { name: o.customer, bill: o.invoiceNumber ?? '-', amount: formatRupees(o.amount) })}
          </span>
        </SheetText>
      ))}
      <SheetRow
        label={t('creditCollected', { n: s.creditCollected.count })}
        value={<span data-testid="dc-credit-collected">{formatRupees(s.creditCollected.total)}</span>}
      />
      {(['cash', 'upi', 'card'] as const).map((m) =>
        s.creditCollected[m] > 0 ? (
          <SheetText key={m} small>
            {`${t('creditCollectedBy', { method: t(m) })}: ${formatRupees(s.creditCollected[m])}`}
          </SheetText>
        ) : null,
      )}
      <SheetRow label={t('cashInDrawer')} value={<span data-testid="dc-cash-in-drawer">{formatRupees(cashToCount(s))}</span>} strong />
      <SheetRule />
      <SheetText strong>{t('taxByRate')}</SheetText>
      {s.taxByRate.length === 0 && <SheetText small>{t('noSales')}</SheetText>}
      {s.taxByRate.map((r) => (
        <div key={r.rate}>
          <SheetRow label={t('gstOn', { rate: r.rate, amount: formatRupees(r.charged) })} value={formatRupees(r.tax)} />
          <SheetText small>
            {t('taxSplit', { taxable: formatRupees(r.taxable), cgst: formatRupees(r.cgst), sgst: formatRupees(r.sgst) })}
            {r.igst > 0 ? ` · IGST ${formatRupees(r.igst)}` : ''}
          </SheetText>
        </div>
      ))}
      <SheetRule />
      <SheetRow label={t('firstBill')} value={<span data-testid="dc-first">{s.firstInvoice || '-'}</span>} />
      <SheetRow label={t('lastBill')} value={s.lastInvoice || '-'} />
      {/* with tills (each its own series), every series used that day with its first and last number */}
      {s.invoiceSeries.length > 1 &&
        s.invoiceSeries.map((r) => (
          <div key={r.series} data-testid="dc-series">
            <SheetText small>{t('seriesBills', { series: r.series || '-' })}</SheetText>
            <SheetText small>{t('seriesRange', { from: r.from, to: r.to, n: r.count })}</SheetText>
          </div>
        ))}
      {s.cancelledInvoices > 0 && (
        <SheetRow
          label={t('cancelledBills')}
          value={s.cancelledInvoices === 1 ? t('oneBill') : t('billCount', { n: s.cancelledInvoices })}
        />
      )}
      {s.voids.count > 0 && (
        <div data-testid="dc-voids">
          <SheetRule />
          <SheetRow
            label={t('voidedSales', { n: s.voids.count })}
            value={<span data-testid="dc-voids-amount">{formatRupees(s.voids.amount)}</span>}
            strong
          />
          {s.voids.orders.map((v) => (
            <div key={v._id} data-testid="dc-void">
              <SheetRow label={t('voidedBill', { number: v.invoiceNumber ?? '-' })} value={formatRupees(v.amount)} />
              <SheetText small>{v.reason}</SheetText>
            </div>
          ))}
        </div>
      )}
      <DayRefunds s={s} />
      <DayCod s={s} />
    </PrintSheet>
  );
}

/** /day-close: the vendor's close of a chosen day (admin: of a chosen vendor), printable on 80 mm or A4. */
export default function DayClosePage() {
  const isAdmin = useCan('administer');
  const [date, setDate] = useState(todayInIndia);
  const [vendorId, setVendorId] = useState<string | null>(null);
  // the owner and a manager may close one person's day: the owner's own sales, or a staff member's
  const byPerson = useCan('seeStaff') && !isAdmin;
  const [staffId, setStaffId] = useState<string | null>(null);
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(date) && (!isAdmin || !!vendorId);
  const name = `day-close:${vendorId ?? 'own'}:${date}${staffId ? `:${staffId}` : ''}`;
  const q = useCachedQuery(ready ? name : null, () => fetchDaySummary(date, vendorId ?? undefined, staffId ?? undefined), {
    persist: false,
  });
  const t = useT('day-close');
  const owner = useShopOwner(q.data?.vendor);

  return (
    <DocumentPage
      maw={820}
      title={t('dayClose')}
      controls={
        <>
          <Group gap="sm" align="flex-end">
            <TextInput
              label={t('date')}
              type="date"
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              max={todayInIndia()}
              w={180}
            />
            {isAdmin && (
              <VendorSelect value={vendorId} onChange={setVendorId} label={t('vendor')} choose={t('chooseVendor')} loading={t('loading')} />
            )}
            {byPerson && <PersonSelect label={t('staff')} everyone={t('everyone')} owner={owner} value={staffId} onChange={setStaffId} />}
            {/* the day's UPI sales by how each was confirmed, and the settlement statement's upload */}
            <Button component={Link} to="/reconciliation" variant="light" data-testid="dc-reconciliation-link">
              {t('upiReconciliation')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('hint')}
          </Text>
        </>
      }
      idle={
        isAdmin &&
        !vendorId && (
          <Alert color="gray" variant="light">
            {t('chooseVendorDot')}
          </Alert>
        )
      }
      query={q}
      doc={q.data}
      failed={t('loadFailed')}
      printLabel={t('printDayClose')}
    >
      {(summary, paper) => (
        <>
          <DayCloseSheet s={summary} paper={paper} />
          {/* not printed: each till shift's drawer, expected against counted */}
          <DayShifts shifts={summary.shifts ?? []} />
          {/* not printed: what the shop's riders hold now, and Record hand-over */}
          <RidersCash vendorId={isAdmin ? summary.vendor._id : undefined} onRecorded={q.refresh} />
        </>
      )}
    </DocumentPage>
  );
}
