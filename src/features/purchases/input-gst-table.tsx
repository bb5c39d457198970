import { Stack, Text } from '@mantine/core';
import { formatRupees } from '../../../core/money';
import type { InputGstResponse } from '../../../core/schemas/purchase';
import { SectionTitle } from '../../components/section-title';
import { ResponsiveTable } from '../../components/responsive-table';
import { useT } from '../../lib/i18n';

type Row = InputGstResponse['rows'][number] & { key: string; label: string };

/** The month's input GST per rate, with a line for all rates: what the accountant claims. */
export function InputGstTable({ data }: { data: InputGstResponse }) {
  const t = useT('purchases');
  const rows: Row[] = [
    ...data.rows.map((r) => ({ ...r, key: String(r.rate), label: `${r.rate}%` })),
    ...(data.rows.length > 1 ? [{ ...data.totals, rate: -1, key: 'all', label: t('allRates') }] : []),
  ];
  const money = (k: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') => (r: Row) => formatRupees(r[k]);
  return (
    <Stack gap="xs" data-testid="input-gst">
      <SectionTitle title={t('inputGst')} hint={t('inputGstHint')} />
      {rows.length === 0 ? (
        <Text size="sm">{formatRupees(0)}</Text>
      ) : (
        <ResponsiveTable
          label={t('inputGst')}
          rows={rows}
          rowKey={(r) => r.key}
          columns={[
            { key: 'rate', header: t('rate'), cardTitle: true, render: (r) => r.label, nowrap: true },
            { key: 'taxable', header: t('taxable'), render: money('taxable'), nowrap: true },
            { key: 'cgst', header: t('cgst'), render: money('cgst'), nowrap: true },
            { key: 'sgst', header: t('sgst'), render: money('sgst'), nowrap: true },
            { key: 'igst', header: t('igst'), render: money('igst'), nowrap: true },
            { key: 'total', header: t('total'), render: money('total'), nowrap: true },
          ]}
        />
      )}
    </Stack>
  );
}
