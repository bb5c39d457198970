import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { gstStateLabel } from '../../../core/gstin';
import { formatRupees } from '../../../core/money';
import type { Gstr1Report } from '../../../core/schemas/order';
import { useT } from '../../lib/i18n';
import { ReportTable } from './gstr1-report-table';

/**
 * The GSTR-1 tables in the portal's order: B2B (4), B2CL (5), B2CS (7), nil-rated (8), credit
 * notes (9B: CDNR, CDNUR), the HSN summary's B2B and B2C tabs (12) and the documents (13).
 */
const money = (n: number) => formatRupees(n);
type Amounts = { taxable: number; igst: number; cgst: number; sgst: number };
/** Rupee amounts summed through paise, so 0.1 + 0.2 stays 0.30. */
const total = (rows: Amounts[], k: keyof Amounts) => money(rows.reduce((s, r) => s + Math.round(r[k] * 100), 0) / 100);
const taxCells = (a: Amounts) => [money(a.taxable), money(a.igst), money(a.cgst), money(a.sgst)];
const taxTotals = (rows: Amounts[]) => [total(rows, 'taxable'), total(rows, 'igst'), total(rows, 'cgst'), total(rows, 'sgst')];

function Section({ title, table, note, children }: { title: string; table: string; note?: string; children: ReactNode }) {
  const t = useT('gst');
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Title order={4}>{title}</Title>
        <Badge variant="light">{t('tableN', { n: table })}</Badge>
      </Group>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {children}
    </Stack>
  );
}

/** A number with its date under it. */
const docCell = (number: string, date: string) => (
  <>
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {number}
    </Text>
    <Text size="xs" c="dimmed">
      {date}
    </Text>
  </>
);
/** A buyer's name with the GSTIN under it. */
const buyerCell = (name: string, gstin: string) => (
  <>
    <Text size="sm">{name || '-'}</Text>
    <Text size="xs" c="dimmed" ff="monospace">
      {gstin}
    </Text>
  </>
);

export function Gstr1Tables({ report }: { report: Gstr1Report }) {
  const t = useT('gst');
  const pos = (code: string) => (code === '33' ? t('tamilNaduCode') : gstStateLabel(code));
  const taxHead = [t('rate'), t('taxableValue'), 'IGST', 'CGST', 'SGST'];
  const hsnHead = ['HSN', t('description'), 'UQC', t('qty'), t('rate'), t('taxableValue'), 'IGST', 'CGST', 'SGST', t('totalValue')];
  const hsnTable = (label: string, rows: Gstr1Report['hsn']) => (
    <ReportTable
      label={label}
      textCols={3}
      head={hsnHead}
      rows={rows.map((h) => [h.hsn || '-', h.description, h.uqc, String(h.quantity), `${h.rate}%`, ...taxCells(h), money(h.totalValue)])}
      total={[
        t('total'),
        '',
        '',
        '',
        '',
        ...taxTotals(rows),
        total(
          rows.map((h) => ({ ...h, taxable: h.totalValue })),
          'taxable',
        ),
      ]}
    />
  );
  const b2bItems = report.b2b.flatMap((i) => i.items);
  const b2clItems = report.b2cl.flatMap((i) => i.items);
  const cdnrItems = report.cdnr.flatMap((n) => n.items);
  const cdnurItems = report.cdnur.flatMap((n) => n.items);

  return (
    <>
      <Section title={t('b2b')} table="4">
        <ReportTable
          label={t('b2b')}
          textCols={3}
          head={[t('invoice'), t('buyer'), t('placeOfSupply'), t('invoiceValue'), ...taxHead]}
          rows={report.b2b.flatMap((i) =>
            i.items.map((it, k) => [
              k === 0 ? docCell(i.number, i.date) : '',
              k === 0 ? buyerCell(i.buyerName, i.buyerGstin) : '',
              k === 0 ? pos(i.placeOfSupply) : '',
              k === 0 ? money(i.value) : '',
              `${it.rate}%`,
              ...taxCells(it),
            ]),
          )}
          total={[t('total'), '', '', '', '', ...taxTotals(b2bItems)]}
        />
      </Section>

      <Section title={t('b2cLarge')} table="5">
        <ReportTable
          label={t('b2cLarge')}
          textCols={2}
          head={[t('invoice'), t('placeOfSupply'), t('invoiceValue'), ...taxHead]}
          rows={report.b2cl.flatMap((i) =>
            i.items.map((it, k) => [
              k === 0 ? docCell(i.number, i.date) : '',
              k === 0 ? pos(i.placeOfSupply) : '',
              k === 0 ? money(i.value) : '',
              `${it.rate}%`,
              ...taxCells(it),
            ]),
          )}
          total={[t('total'), '', '', '', ...taxTotals(b2clItems)]}
        />
      </Section>

      <Section title={t('b2cSmall')} table="7" note={t('netOfNotes')}>
        <ReportTable
          label={t('b2cSmall')}
          textCols={2}
          head={[t('placeOfSupply'), t('type'), ...taxHead]}
          rows={report.b2cs.map((b) => [
            pos(b.placeOfSupply),
            b.supplyType === 'INTRA' ? t('intraState') : t('interState'),
            `${b.rate}%`,
            ...taxCells(b),
          ])}
          total={[t('total'), '', '', ...taxTotals(report.b2cs)]}
        />
      </Section>

      <Section title={t('nilTable')} table="8">
        <ReportTable
          label={t('nilTable')}
          minWidth={300}
          head={[t('supply'), t('nilValue')]}
          rows={report.nil.map((n) => [
            t('nilKind', {
              where: n.supplyType === 'INTRA' ? t('intraState') : t('interState'),
              who: n.registered ? t('registeredBuyers') : t('unregisteredBuyers'),
            }),
            money(n.nilRated),
          ])}
        />
      </Section>

      {(
        [
          ['cdnr', report.cdnr, cdnrItems],
          ['cdnur', report.cdnur, cdnurItems],
        ] as const
      ).map(([key, notes, all]) => (
        <Section key={key} title={t(key)} table="9B">
          <ReportTable
            label={t(key)}
            textCols={3}
            head={[t('creditNote'), key === 'cdnr' ? t('buyer') : t('placeOfSupply'), t('invoice'), t('noteValue'), ...taxHead]}
            rows={notes.flatMap((n) =>
              n.items.map((it, k) => [
                k === 0 ? docCell(n.number, n.date) : '',
                k === 0 ? (key === 'cdnr' ? buyerCell(n.buyerName, n.buyerGstin) : pos(n.placeOfSupply)) : '',
                k === 0 ? docCell(n.invoiceNumber, n.invoiceDate) : '',
                k === 0 ? money(n.value) : '',
                `${it.rate}%`,
                ...taxCells(it),
              ]),
            )}
            total={[t('total'), '', '', '', '', ...taxTotals(all)]}
          />
        </Section>
      ))}

      <Section title={t('hsnB2b')} table="12">
        {hsnTable(t('hsnB2b'), report.hsnB2b)}
      </Section>
      <Section title={t('hsnB2c')} table="12" note={t('netOfNotes')}>
        {hsnTable(t('hsnB2c'), report.hsnB2c)}
      </Section>

      <Section title={t('documentsIssued')} table="13">
        <ReportTable
          label={t('documentsIssued')}
          head={[t('natureOfDocument'), t('from'), t('to'), t('total'), t('cancelled'), t('netIssued')]}
          rows={[
            ...report.docs.map((d) => [t('invoicesOutward'), d.from, d.to, String(d.count), String(d.cancelled), String(d.netIssued)]),
            ...report.creditNoteDocs.map((d) => [
              t('creditNotes'),
              d.from,
              d.to,
              String(d.count),
              String(d.cancelled),
              String(d.netIssued),
            ]),
          ]}
        />
      </Section>
    </>
  );
}
