import { Alert, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatRupees } from '../../../core/money';
import type { DaySummary } from '../../../core/schemas/order';
import { type Paper, PrintControls, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import { fetchDaySummary, fetchVendors, todayInIndia } from './day-close-api';

const dayName = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const printedAt = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const minus = (rupees: number) => (rupees > 0 ? `−${formatRupees(rupees)}` : formatRupees(0));

/** The day's close as it prints: what the sales came to, how they were paid, the tax and the bill numbers. */
function DayCloseSheet({ s, paper }: { s: DaySummary; paper: Paper }) {
  const pay = [
    ['Cash', s.payments.cash, s.paymentCounts.cash],
    ['UPI', s.payments.upi, s.paymentCounts.upi],
    ['Card', s.payments.card, s.paymentCounts.card],
    ['Not paid yet', s.payments.unpaid, s.paymentCounts.unpaid],
  ] as const;
  return (
    <PrintSheet paper={paper} testId="day-close-sheet">
      <SheetText center strong>
        {s.vendor.shopName || s.vendor.name}
      </SheetText>
      <SheetText center>Day close · {dayName.format(new Date(`${s.date}T00:00:00Z`))}</SheetText>
      <SheetText center small>
        India time · printed {printedAt.format(new Date())}
      </SheetText>
      <SheetRule />
      <SheetRow label="Sales" value={<span data-testid="dc-sales">{s.sales}</span>} />
      <SheetRow label="Gross" value={formatRupees(s.gross)} />
      <SheetRow label="Line discounts" value={minus(s.lineDiscounts)} />
      <SheetRow label="Delivery discounts" value={minus(s.deliveryDiscounts)} />
      <SheetRow label="Net" value={<span data-testid="dc-net">{formatRupees(s.net)}</span>} strong />
      <SheetRule />
      <SheetText strong>By payment</SheetText>
      {pay.map(([label, amount, n]) => (
        <SheetRow
          key={label}
          label={`${label} (${n})`}
          value={<span data-testid={`dc-pay-${label === 'Not paid yet' ? 'unpaid' : label.toLowerCase()}`}>{formatRupees(amount)}</span>}
        />
      ))}
      <SheetRow label="Cash to count in the drawer" value={formatRupees(s.payments.cash)} strong />
      <SheetRule />
      <SheetText strong>Tax by rate</SheetText>
      {s.taxByRate.length === 0 && <SheetText small>No sales</SheetText>}
      {s.taxByRate.map((t) => (
        <div key={t.rate}>
          <SheetRow label={`GST ${t.rate}% on ${formatRupees(t.charged)}`} value={formatRupees(t.tax)} />
          <SheetText small>
            Taxable {formatRupees(t.taxable)} · CGST {formatRupees(t.cgst)} · SGST {formatRupees(t.sgst)}
            {t.igst > 0 ? ` · IGST ${formatRupees(t.igst)}` : ''}
          </SheetText>
        </div>
      ))}
      <SheetRule />
      <SheetRow label="First bill" value={<span data-testid="dc-first">{s.firstInvoice || '-'}</span>} />
      <SheetRow label="Last bill" value={s.lastInvoice || '-'} />
      {s.cancelledInvoices > 0 && <SheetRow label="Cancelled bills" value={count(s.cancelledInvoices, 'bill', 'bills')} />}
    </PrintSheet>
  );
}

/** /day-close: the vendor's close of a chosen day (admin: of a chosen vendor), printable on 80 mm or A4. */
export default function DayClosePage() {
  const isAdmin = useSession((s) => s.userInfo?.role === 'admin');
  const [date, setDate] = useState(todayInIndia);
  const [vendorId, setVendorId] = useState<string | null>(null);
  const [paper, setPaper] = useState<Paper>('80mm');
  const vendorsQ = useCachedQuery(isAdmin ? 'day-close:vendors' : null, fetchVendors, { persist: false });
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(date) && (!isAdmin || !!vendorId);
  const q = useCachedQuery(ready ? `day-close:${vendorId ?? 'own'}:${date}` : null, () => fetchDaySummary(date, vendorId ?? undefined), {
    persist: false,
  });
  const summary = q.data ?? null;

  return (
    <Stack gap="md" maw={820} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Day Close</Title>
        {summary && <PrintControls paper={paper} onPaper={setPaper} label="Print day close" />}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput label="Date" type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} max={todayInIndia()} w={180} />
        {isAdmin && (
          <Select
            label="Vendor"
            placeholder={vendorsQ.data ? 'Choose a vendor' : 'Loading…'}
            data={(vendorsQ.data ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
            value={vendorId}
            onChange={setVendorId}
            searchable
            w={260}
          />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        The sales of the day in India time, counter and delivery alike: count the cash drawer against Cash.
      </Text>
      {isAdmin && !vendorId ? (
        <Alert color="gray" variant="light">
          Choose a vendor.
        </Alert>
      ) : q.error && !summary ? (
        <Alert color="red" role="alert">
          {errorMessage(q.error, 'Could not load the day close.')}
        </Alert>
      ) : !summary ? (
        <Skeleton h={360} radius="md" />
      ) : (
        <DayCloseSheet s={summary} paper={paper} />
      )}
    </Stack>
  );
}
