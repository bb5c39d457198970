import { Stack, Text, Title } from '@mantine/core';
import type { ImportNamedRow, ProductImportResult } from '../../../core/schemas/product-import';
import { type Column, ResponsiveTable } from '../../components/responsive-table';
import { useT } from '../../lib/i18n';
import { actionColumn } from './import-report';

/** After an import: the rows written and the rows skipped, by row number and product name. */
export function ImportRows({ result }: { result: ProductImportResult }) {
  const t = useT('product-import');
  const columns: Column<ImportNamedRow>[] = [
    { key: 'name', header: t('product'), render: (r) => r.name, cardTitle: true },
    { key: 'row', header: t('row'), render: (r) => r.row, nowrap: true },
    actionColumn(t('action')),
  ];
  const imported = t('importedTitle', { n: result.imported.length });
  const skipped = t('skippedTitle', { n: result.skipped.length });
  return (
    <Stack gap="md">
      {result.skipped.length > 0 && (
        <Stack gap="xs" data-testid="import-skipped">
          <Title order={3} size="h4">
            {skipped}
          </Title>
          <Text size="sm" c="dimmed">
            {t('skippedHint')}
          </Text>
          <ResponsiveTable rows={result.skipped} rowKey={(r) => String(r.row)} columns={columns} label={skipped} />
        </Stack>
      )}
      {result.imported.length > 0 && (
        <Stack gap="xs" data-testid="import-imported">
          <Title order={3} size="h4">
            {imported}
          </Title>
          <ResponsiveTable rows={result.imported} rowKey={(r) => String(r.row)} columns={columns} label={imported} />
        </Stack>
      )}
    </Stack>
  );
}
