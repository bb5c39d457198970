import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { Coded } from '../../../core/coded';
import { formatRupees as money } from '../../../core/money';
import { QueryView } from '../../components/query-view';
import { useCachedQuery } from '../../data/use-cached-query';
import { downloadText } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { useMsg, useText } from '../../lib/messages';
import { useCan } from '../../stores/use-can';
import { downloadGstr3bCsv, fetchGstr3b, fetchVendors } from './gst-api';
import { Stat } from './gstr1-report-table';
import { Gstr3bTables } from './gstr3b-tables';

const pad = (n: number) => String(n).padStart(2, '0');
/** The month `offset` months from the current one, YYYY-MM. */
const monthOf = (offset: number) => {
  const d = new Date();
  const m = new Date(d.getFullYear(), d.getMonth() + offset, 1);
  return `${m.getFullYear()}-${pad(m.getMonth() + 1)}`;
};

/** GSTR-3B of a month: the return's tables and the files to file it with (GSTN's JSON, a CSV). */
export default function Gstr3bPage() {
  const isAdmin = useCan('administer');
  const t = useT('gstr3b');
  const g = useT('gst');
  const msg = useMsg();
  const text = useText();
  const [month, setMonth] = useState(monthOf(0));
  const vendorsQ = useCachedQuery(isAdmin ? 'gstr3b:vendors' : null, fetchVendors, { persist: false });
  const vendors = vendorsQ.data ?? null;
  const [vendorId, setVendorId] = useState<string | null>(null);
  // the month asked for (a vendor sees the current one at once); the last report stays shown while the next loads
  const [asked, setAsked] = useState<{ month: string; vendorId?: string } | null>(() => (isAdmin ? null : { month }));
  const reportQ = useCachedQuery(asked && `gstr3b:${JSON.stringify(asked)}`, () => fetchGstr3b(asked!), {
    persist: false,
    keepPrevious: true,
  });
  const report = reportQ.error ? null : (reportQ.data ?? null);
  const [checked, setChecked] = useState(false);
  const [csvFailed, setCsvFailed] = useState(false);
  const problem = () => (!/^\d{4}-\d{2}$/.test(month) ? t('chooseMonth') : isAdmin && !vendorId ? g('chooseVendor') : null);
  const formError = checked ? problem() : null;

  const run = (e?: FormEvent, m = month) => {
    e?.preventDefault();
    setChecked(true);
    if (m !== month) setMonth(m);
    if (!/^\d{4}-\d{2}$/.test(m) || (isAdmin && !vendorId)) return;
    const next = { month: m, vendorId: isAdmin ? (vendorId ?? undefined) : undefined };
    if (reportQ.error) reportQ.mutate(() => undefined);
    if (JSON.stringify(next) === JSON.stringify(asked)) reportQ.refresh();
    else setAsked(next);
  };

  async function saveCsv(fileBase: string) {
    setCsvFailed(false);
    try {
      await downloadGstr3bCsv(asked!, `${fileBase}.csv`);
    } catch {
      setCsvFailed(true);
    }
  }

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Card withBorder radius="lg" padding="md" component="form" onSubmit={run}>
        <SimpleGrid cols={{ base: 1, sm: isAdmin ? 2 : 1 }} spacing="sm">
          {isAdmin && (
            <Select
              label={g('vendor')}
              placeholder={vendors ? g('chooseVendor') : g('loading')}
              data={(vendors ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
              value={vendorId}
              onChange={setVendorId}
              searchable
              size="md"
            />
          )}
          <TextInput label={t('month')} type="month" value={month} onChange={(e) => setMonth(e.currentTarget.value)} size="md" required />
        </SimpleGrid>
        <Group justify="space-between" mt="sm" gap="xs">
          <Group gap={6}>
            <Button variant="default" mih={44} onClick={() => run(undefined, monthOf(0))}>
              {g('thisMonth')}
            </Button>
            <Button variant="default" mih={44} onClick={() => run(undefined, monthOf(-1))}>
              {g('lastMonth')}
            </Button>
          </Group>
          <Button type="submit" mih={44} loading={reportQ.refreshing}>
            {g('showReport')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('hint')}
        </Text>
      </Card>

      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      {asked && (
        <QueryView query={reportQ} data={report} failed={msg.somethingWrong}>
          {(report) => {
            const fileBase = `GSTR3B_${report.vendor.gstNumber || report.vendor.name.replace(/\W+/g, '_')}_${report.period.retPeriod}`;
            return (
              <>
                <Group justify="space-between" align="flex-end" gap="sm">
                  <div>
                    <Text fw={700}>{report.vendor.shopName || report.vendor.name}</Text>
                    <Text size="sm" c="dimmed">
                      {t('retPeriod', {
                        gstin: report.vendor.gstNumber || '-',
                        period: `${report.period.retPeriod.slice(0, 2)}/${report.period.retPeriod.slice(2)}`,
                      })}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Button variant="light" mih={44} onClick={() => saveCsv(fileBase)}>
                      {g('downloadCsv')}
                    </Button>
                    <Button
                      variant="light"
                      mih={44}
                      onClick={() => downloadText(`${fileBase}.json`, JSON.stringify(report.portalJson, null, 2), 'application/json')}
                    >
                      {g('downloadJson')}
                    </Button>
                  </Group>
                </Group>
                {csvFailed && (
                  <Alert color="red" role="alert">
                    {msg.somethingWrong}
                  </Alert>
                )}
                {report.warnings.map((w) => (
                  <Alert key={w.code} color="yellow" variant="light">
                    {text(w as Coded)}
                  </Alert>
                ))}
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <Stat label={t('outwardTaxable')} value={money(report.outward.taxable.taxable)} />
                  <Stat label={t('netItc')} value={money(report.itc.net.igst + report.itc.net.cgst + report.itc.net.sgst)} />
                  <Stat label={t('cashPayable')} value={money(report.payable.reduce((s, p) => s + p.cash, 0))} />
                </SimpleGrid>
                <Gstr3bTables report={report} />
              </>
            );
          }}
        </QueryView>
      )}
    </Stack>
  );
}
