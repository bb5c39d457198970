import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { Coded } from '../../../core/coded';
import { formatRupees } from '../../../core/money';
import { DateRange } from '../../components/date-range';
import { QueryView } from '../../components/query-view';
import { useNumberFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';
import { useMsg, useText } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { downloadText } from '../../lib/download';
import { fetchGstr1, fetchVendors } from './gst-api';
import { Stat } from './gstr1-report-table';
import { Gstr1Tables } from './gstr1-tables';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const money = (n: number) => formatRupees(n);

export default function Gstr1Page() {
  const isAdmin = useCan('administer');
  const t = useT('gst');
  const msg = useMsg();
  const text = useText();
  const num = useNumberFormat();
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
  // after a refused run the form's problem follows the fields: it goes as soon as they are fixed
  const [checked, setChecked] = useState(false);
  const problem = () =>
    !startDate || !endDate
      ? t('chooseBothDates')
      : endDate < startDate
        ? t('endBeforeStart')
        : isAdmin && !vendorId
          ? t('chooseVendor')
          : null;
  const formError = checked ? problem() : null;

  /** Whole calendar month, offset from the current one (0 = this month up to today). */
  const setMonth = (offset: number) => {
    const first = new Date(now.getFullYear(), now.getMonth() + offset, 1);
    const last = offset === 0 ? now : new Date(now.getFullYear(), now.getMonth() + offset + 1, 0);
    setStartDate(isoDay(first));
    setEndDate(isoDay(last));
  };

  const run = (e?: FormEvent) => {
    e?.preventDefault();
    setChecked(true);
    if (problem()) return;
    const next = { startDate, endDate, vendorId: isAdmin ? (vendorId ?? undefined) : undefined };
    if (reportQ.error) reportQ.mutate(() => undefined); // a failed run shows no report, not the one before
    if (JSON.stringify(next) === JSON.stringify(asked)) reportQ.refresh();
    else setAsked(next);
  };

  const fileBase = report
    ? `GSTR1_${report.vendor.gstNumber || report.vendor.name.replace(/\W+/g, '_')}_${report.period.startDate}_${report.period.endDate}`
    : 'GSTR1';

  return (
    <Stack gap="md">
      <Title order={2}>{t('gstr1Report')}</Title>
      <Card withBorder radius="lg" padding="md" component="form" onSubmit={run}>
        <SimpleGrid cols={{ base: 2, sm: isAdmin ? 4 : 2 }} spacing="sm" style={{ alignItems: 'end' }}>
          {isAdmin && (
            <Select
              label={t('vendor')}
              placeholder={vendorsFailed ? msg.vendorsLoadFailed : vendors ? t('chooseVendor') : t('loading')}
              error={vendorsFailed ? msg.vendorsLoadFailed : undefined}
              data={(vendors ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
              value={vendorId}
              onChange={setVendorId}
              searchable
              style={{ gridColumn: 'span 2' }}
            />
          )}
          <DateRange from={startDate} to={endDate} onFrom={setStartDate} onTo={setEndDate} labels={[t('from'), t('to')]} required />
        </SimpleGrid>
        <Group justify="space-between" mt="sm" gap="xs">
          <Group gap={6}>
            <Button size="compact-sm" variant="default" onClick={() => setMonth(0)}>
              {t('thisMonth')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setMonth(-1)}>
              {t('lastMonth')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" style={{ flex: '1 1 200px' }}>
            {t('datesHint')}
          </Text>
          <Button type="submit" loading={loading}>
            {t('showReport')}
          </Button>
        </Group>
      </Card>

      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      {asked && (
        <QueryView query={reportQ} data={report} failed={msg.somethingWrong}>
          {(report) => (
            <>
              <Group justify="space-between" align="flex-end" gap="sm">
                <div>
                  <Text fw={700}>{report.vendor.shopName || report.vendor.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('gstinPeriod', {
                      gstin: report.vendor.gstNumber || '-',
                      period: `${report.period.fp.slice(0, 2)}/${report.period.fp.slice(2)}`,
                    })}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button variant="light" onClick={() => downloadText(`${fileBase}.csv`, report.csv, 'text/csv;charset=utf-8')}>
                    {t('downloadCsv')}
                  </Button>
                  <Button
                    variant="light"
                    onClick={() => downloadText(`${fileBase}.json`, JSON.stringify(report.portalJson, null, 2), 'application/json')}
                  >
                    {t('downloadJson')}
                  </Button>
                </Group>
              </Group>

              {report.warnings.map((w) => (
                <Alert key={w.code} color="yellow" variant="light">
                  {text(w as Coded)}
                </Alert>
              ))}

              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
                <Stat label={t('invoices')} value={num.format(report.totals.invoices)} />
                <Stat label={t('creditNotes')} value={num.format(report.totals.creditNotes)} />
                <Stat label={t('taxableValue')} value={money(report.totals.taxable)} />
                <Stat label={t('tax')} value={money(report.totals.tax)} />
                <Stat label={t('totalValue')} value={money(report.totals.totalValue)} />
              </SimpleGrid>

              <Gstr1Tables report={report} />
            </>
          )}
        </QueryView>
      )}
    </Stack>
  );
}
