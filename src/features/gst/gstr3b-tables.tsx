import { Card, Stack, Text, Title } from '@mantine/core';
import { formatRupees as money } from '../../../core/money';
import { gstStateLabel } from '../../../core/gstin';
import type { Gstr3bReport } from '../../../core/schemas/gstr3b';
import { useT } from '../../lib/i18n';
import { ReportTable } from './gstr1-report-table';

type Heads = { igst: number; cgst: number; sgst: number };
const headCells = (h: Heads) => [money(h.igst), money(h.cgst), money(h.sgst)];

function Section({ title, children, note }: { title: string; children: React.ReactNode; note?: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The return's tables 3.1, 3.2, 4, 5 and 6.1, as the portal lays them out. */
export function Gstr3bTables({ report }: { report: Gstr3bReport }) {
  const t = useT('gstr3b');
  const o = report.outward;
  const taxHeads = [t('igst'), t('cgst'), t('sgst')];
  const headName = { igst: t('igst'), cgst: t('cgst'), sgst: t('sgst') } as const;
  const interTotal = report.interState.reduce((a, r) => ({ taxable: a.taxable + r.taxable, igst: a.igst + r.igst }), {
    taxable: 0,
    igst: 0,
  });
  const sumOf = (k: 'payable' | 'cash') => report.payable.reduce((s, p) => s + p[k], 0);
  return (
    <Stack gap="md">
      <Section title={t('t31')}>
        <ReportTable
          label={t('t31')}
          head={[t('nature'), t('taxableValue'), ...taxHeads]}
          minWidth={720}
          rows={[
            [t('r31a'), money(o.taxable.taxable), money(o.taxable.igst), money(o.taxable.cgst), money(o.taxable.sgst)],
            [t('r31b'), money(o.zeroRated.taxable), money(o.zeroRated.igst), '', ''],
            [t('r31c'), money(o.nilExempt), '', '', ''],
            [t('r31d'), money(o.reverseCharge.taxable), ...headCells(o.reverseCharge)],
            [t('r31e'), money(o.nonGst), '', '', ''],
          ]}
        />
      </Section>

      <Section title={t('t32')}>
        <ReportTable
          label={t('t32')}
          head={[t('placeOfSupply'), t('taxableValue'), t('igst')]}
          minWidth={360}
          rows={report.interState.map((r) => [gstStateLabel(r.placeOfSupply), money(r.taxable), money(r.igst)])}
          total={[t('total'), money(interTotal.taxable), money(interTotal.igst)]}
        />
      </Section>

      <Section title={t('t4')} note={t('otherRowsZero')}>
        <ReportTable
          label={t('t4')}
          head={[t('details'), ...taxHeads]}
          minWidth={520}
          rows={[
            [t('r4a5'), ...headCells(report.itc.available)],
            [`· ${t('r4a5Purchases')}`, ...headCells(report.itc.purchases)],
            [`· ${t('r4a5Expenses')}`, ...headCells(report.itc.expenses)],
            [t('r4b2'), ...headCells(report.itc.reversed)],
          ]}
          total={[t('r4c'), ...headCells(report.itc.net)]}
        />
      </Section>

      <Section title={t('t5')}>
        <ReportTable
          label={t('t5')}
          head={[t('nature'), t('interState'), t('intraState')]}
          minWidth={420}
          rows={[[t('nilRatedBought'), money(report.nilInward.inter), money(report.nilInward.intra)]]}
        />
      </Section>

      <Section
        title={t('t61')}
        note={`${t('setOffNote')} ${t('creditLeft', {
          igst: money(report.creditLeft.igst),
          cgst: money(report.creditLeft.cgst),
          sgst: money(report.creditLeft.sgst),
        })}`}
      >
        <ReportTable
          label={t('t61')}
          head={[t('head'), t('payable'), t('paidIgst'), t('paidCgst'), t('paidSgst'), t('cash')]}
          minWidth={720}
          rows={report.payable.map((p) => [headName[p.head], money(p.payable), ...headCells(p.paid), money(p.cash)])}
          total={[t('total'), money(sumOf('payable')), '', '', '', money(sumOf('cash'))]}
        />
      </Section>
    </Stack>
  );
}
