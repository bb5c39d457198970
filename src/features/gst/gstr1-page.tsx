import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import { downloadText } from './download';
import { fetchGstr1, fetchVendors } from './gst-api';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const money = (n: number) => formatRupees(n);

/** Leading `textCols` columns are text (left); the rest are numbers (right, one line). */
function ReportTable({
  label,
  head,
  rows,
  total,
  textCols = 1,
}: {
  label: string;
  head: string[];
  rows: ReactNode[][];
  total?: ReactNode[];
  textCols?: number;
}) {
  const cell = (j: number) =>
    j < textCols ? { textAlign: 'left' as const } : { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={label} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} style={{ ...cell(i), whiteSpace: 'nowrap' }}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={head.length}>
                <Text c="dimmed" size="sm">
                  Nothing in this period.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r, i) => (
              <Table.Tr key={i}>
                {r.map((c, j) => (
                  <Table.Td key={j} style={cell(j)}>
                    {c}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {total && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {total.map((c, j) => (
                <Table.Td key={j} style={{ ...cell(j), whiteSpace: 'nowrap' }}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Card>
  );
}

export default function Gstr1Page() {
  const isAdmin = useSession((s) => s.userInfo?.role === 'admin');
  const now = new Date();
  const [startDate, setStartDate] = useState(isoDay(new Date(now.getFullYear(), now.getMonth(), 1)));
  const [endDate, setEndDate] = useState(isoDay(now));
  const vendorsQ = useCachedQuery(isAdmin ? 'gstr1:vendors' : null, fetchVendors, { persist: false });
  const vendors = vendorsQ.data ?? null;
  const vendorsFailed = !vendors && !!vendorsQ.error;
  const [vendorId, setVendorId] = useState<string | null>(null);
  // The report asked for (a vendor sees the current month at once); the last one stays shown while the next loads.
  const [asked, setAsked] = useState<{ startDate: string; endDate: string; vendorId?: string } | null>(() =>
    isAdmin ? null : { startDate, endDate },
  );
  const reportQ = useCachedQuery(asked && `gstr1:${JSON.stringify(asked)}`, () => fetchGstr1(asked!), {
    persist: false,
    keepPrevious: true,
  });
  const report = reportQ.error ? null : (reportQ.data ?? null);
  const loading = reportQ.refreshing;
  const [formError, setFormError] = useState<string | null>(null);
  const error = formError ?? (reportQ.error ? errorMessage(reportQ.error, MSG.somethingWrong) : null);

  /** Whole calendar month, offset from the current one (0 = this month up to today). */
  const setMonth = (offset: number) => {
    const first = new Date(now.getFullYear(), now.getMonth() + offset, 1);
    const last = offset === 0 ? now : new Date(now.getFullYear(), now.getMonth() + offset + 1, 0);
    setStartDate(isoDay(first));
    setEndDate(isoDay(last));
  };

  const run = (e?: FormEvent) => {
    e?.preventDefault();
    if (!startDate || !endDate) return setFormError('Choose both dates');
    if (endDate < startDate) return setFormError('End date must be on or after the start date');
    if (isAdmin && !vendorId) return setFormError('Choose a vendor');
    setFormError(null);
    const next = { startDate, endDate, vendorId: isAdmin ? (vendorId ?? undefined) : undefined };
    if (reportQ.error) reportQ.mutate(() => undefined); // a failed run shows no report, not the one before
    if (JSON.stringify(next) === JSON.stringify(asked)) reportQ.refresh();
    else setAsked(next);
  };

  const fileBase = report
    ? `GSTR1_${report.vendor.gstNumber || report.vendor.name.replace(/\W+/g, '_')}_${report.period.startDate}_${report.period.endDate}`
    : 'GSTR1';
  const t = report?.totals;

  return (
    <Stack gap="md">
      <Title order={2}>GSTR-1 Report</Title>
      <Card withBorder radius="lg" padding="md" component="form" onSubmit={run}>
        <SimpleGrid cols={{ base: 2, sm: isAdmin ? 4 : 2 }} spacing="sm" style={{ alignItems: 'end' }}>
          {isAdmin && (
            <Select
              label="Vendor"
              placeholder={vendorsFailed ? MSG.vendorsLoadFailed : vendors ? 'Choose a vendor' : 'Loading…'}
              error={vendorsFailed ? MSG.vendorsLoadFailed : undefined}
              data={(vendors ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
              value={vendorId}
              onChange={setVendorId}
              searchable
              style={{ gridColumn: 'span 2' }}
            />
          )}
          <TextInput
            type="date"
            label="From"
            value={startDate}
            max={endDate || undefined}
            onChange={(e) => setStartDate(e.currentTarget.value)}
            required
          />
          <TextInput
            type="date"
            label="To"
            value={endDate}
            min={startDate || undefined}
            onChange={(e) => setEndDate(e.currentTarget.value)}
            required
          />
        </SimpleGrid>
        <Group justify="space-between" mt="sm" gap="xs">
          <Group gap={6}>
            <Button size="compact-sm" variant="default" onClick={() => setMonth(0)}>
              This month
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setMonth(-1)}>
              Last month
            </Button>
          </Group>
          <Text size="xs" c="dimmed" style={{ flex: '1 1 200px' }}>
            Both dates included; days are India Standard Time. GSTR-1 is filed per month.
          </Text>
          <Button type="submit" loading={loading}>
            Show report
          </Button>
        </Group>
      </Card>

      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {loading && !report && <PageLoader />}

      {report && t && (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <div>
              <Text fw={700}>{report.vendor.shopName || report.vendor.name}</Text>
              <Text size="sm" c="dimmed">
                GSTIN {report.vendor.gstNumber || '-'} · Return period {report.period.fp.slice(0, 2)}/{report.period.fp.slice(2)}
              </Text>
            </div>
            <Group gap="xs">
              <Button variant="light" onClick={() => downloadText(`${fileBase}.csv`, report.csv, 'text/csv;charset=utf-8')}>
                Download CSV
              </Button>
              <Button
                variant="light"
                onClick={() => downloadText(`${fileBase}.json`, JSON.stringify(report.portalJson, null, 2), 'application/json')}
              >
                Download JSON
              </Button>
            </Group>
          </Group>

          {report.warnings.map((w) => (
            <Alert key={w} color="yellow" variant="light">
              {w}
            </Alert>
          ))}

          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Stat label="Invoices" value={String(t.invoices)} />
            <Stat label="Taxable value" value={money(t.taxable)} />
            <Stat label="Tax" value={money(t.tax)} />
            <Stat label="Total value" value={money(t.totalValue)} />
          </SimpleGrid>

          <Stack gap={6}>
            <Group gap="xs">
              <Title order={4}>B2C (small)</Title>
              <Badge variant="light">Table 7</Badge>
            </Group>
            <ReportTable
              label="B2CS"
              textCols={2}
              head={['Place of supply', 'Type', 'Rate', 'Taxable value', 'IGST', 'CGST', 'SGST']}
              rows={report.b2cs.map((b) => [
                b.placeOfSupply === '33' ? '33-Tamil Nadu' : b.placeOfSupply,
                b.supplyType === 'INTRA' ? 'Intra-state' : 'Inter-state',
                `${b.rate}%`,
                money(b.taxable),
                money(b.igst),
                money(b.cgst),
                money(b.sgst),
              ])}
              total={[
                'Total',
                '',
                '',
                money(report.b2cs.reduce((s, b) => s + Math.round(b.taxable * 100), 0) / 100),
                money(report.b2cs.reduce((s, b) => s + Math.round(b.igst * 100), 0) / 100),
                money(report.b2cs.reduce((s, b) => s + Math.round(b.cgst * 100), 0) / 100),
                money(report.b2cs.reduce((s, b) => s + Math.round(b.sgst * 100), 0) / 100),
              ]}
            />
            {report.nil.length > 0 && (
              <Text size="sm" c="dimmed">
                Nil-rated (0 %) supplies, table 8:{' '}
                {report.nil.map((n) => `${n.supplyType === 'INTRA' ? 'intra-state' : 'inter-state'} ${money(n.nilRated)}`).join(', ')}
              </Text>
            )}
          </Stack>

          <Stack gap={6}>
            <Group gap="xs">
              <Title order={4}>HSN summary</Title>
              <Badge variant="light">Table 12</Badge>
            </Group>
            <ReportTable
              label="HSN"
              textCols={3}
              head={['HSN', 'Description', 'UQC', 'Qty', 'Rate', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Total value']}
              rows={report.hsn.map((h) => [
                h.hsn || '-',
                h.description,
                h.uqc,
                String(h.quantity),
                `${h.rate}%`,
                money(h.taxable),
                money(h.igst),
                money(h.cgst),
                money(h.sgst),
                money(h.totalValue),
              ])}
              total={[
                'Total',
                '',
                '',
                String(t.quantity),
                '',
                money(t.taxable),
                money(t.igst),
                money(t.cgst),
                money(t.sgst),
                money(t.totalValue),
              ]}
            />
          </Stack>

          <Stack gap={6}>
            <Group gap="xs">
              <Title order={4}>Documents issued</Title>
              <Badge variant="light">Table 13</Badge>
            </Group>
            <ReportTable
              label="Documents"
              head={['Nature of document', 'From', 'To', 'Total', 'Cancelled', 'Net issued']}
              rows={report.docs.map((d) => [
                'Invoices for outward supply',
                d.from,
                d.to,
                String(d.count),
                String(d.cancelled),
                String(d.netIssued),
              ])}
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
