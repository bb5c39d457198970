import { Alert, Badge, Stack, Text, Title } from '@mantine/core';
import type { ImportPreviewRow, ImportRowError, ProductImportResult } from '../../../core/schemas/product-import';
import { type Column, ResponsiveTable } from '../../components/responsive-table';
import { useNumberFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { ImportChanges } from './import-changes';

const ACTION_COLOR = { create: 'green', update: 'blue', unchanged: 'gray', error: 'red' } as const;

/** What happens to a row (created, updated, unchanged, refused), as a coloured badge. */
function ActionBadge({ action }: { action: keyof typeof ACTION_COLOR }) {
  const t = useT('product-import');
  return (
    <Badge color={ACTION_COLOR[action]} variant="light" miw="max-content">
      {t(`action_${action}`)}
    </Badge>
  );
}

/** The table column of a row's action. */
export const actionColumn = <R extends { action: keyof typeof ACTION_COLOR }>(header: string): Column<R> => ({
  key: 'action',
  header,
  render: (r) => <ActionBadge action={r.action} />,
  nowrap: true,
});

/**
 * A dry run's answer: the counts, every error by row and column, every change to an existing product
 * (before → after), and the first rows as understood.
 */
export function ImportReport({ result }: { result: ProductImportResult }) {
  const t = useT('product-import');
  const num = useNumberFormat();
  const columnName = (key: string) => (key ? t(`col_${key}` as 'col_name') : '');
  const money = (v: number | null) => (v === null ? '' : num.format(v));

  const errorColumns: Column<ImportRowError>[] = [
    { key: 'row', header: t('row'), render: (e) => e.row, nowrap: true },
    { key: 'column', header: t('column'), render: (e) => columnName(e.column), nowrap: true },
    { key: 'problem', header: t('problem'), render: (e) => e.message },
  ];
  const previewColumns: Column<ImportPreviewRow>[] = [
    { key: 'name', header: t('col_name'), render: (r) => [r.name, r.tamilName].filter(Boolean).join(' · '), cardTitle: true },
    { key: 'row', header: t('row'), render: (r) => r.row, nowrap: true },
    actionColumn(t('action')),
    { key: 'category', header: t('col_category'), render: (r) => [r.category, r.subcategory].filter(Boolean).join(' › ') },
    { key: 'mrp', header: t('col_mrp'), render: (r) => money(r.mrp), nowrap: true },
    { key: 'price', header: t('col_sellingPrice'), render: (r) => money(r.sellingPrice), nowrap: true },
    { key: 'stock', header: t('col_stock'), render: (r) => (r.stock === null ? '' : `${num.format(r.stock)} ${r.unit}`), nowrap: true },
  ];

  return (
    <Stack gap="md">
      <Text fw={600} data-testid="import-summary">
        {t('summary', { created: result.created, updated: result.updated, unchanged: result.unchanged, invalid: result.invalid })}
      </Text>
      {result.errors.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('errorsTitle', { n: result.invalid })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('errorsHint')}
          </Text>
          <div data-testid="import-errors">
            <ResponsiveTable
              rows={result.errors}
              rowKey={(e) => `${e.row}:${e.column}:${e.code}`}
              columns={errorColumns}
              label={t('errorsTitle', { n: result.invalid })}
            />
          </div>
        </Stack>
      ) : (
        <Alert color="green">{t('noErrors')}</Alert>
      )}
      <ImportChanges changes={result.changes} />
      <Title order={3} size="h4">
        {t('previewTitle')}
      </Title>
      <ResponsiveTable rows={result.preview} rowKey={(r) => String(r.row)} columns={previewColumns} label={t('previewTitle')} />
    </Stack>
  );
}
