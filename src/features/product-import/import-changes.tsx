import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatRupees } from '../../../core/money';
import type { ImportChange, ImportFieldChange } from '../../../core/schemas/product-import';
import { type Column, ResponsiveTable } from '../../components/responsive-table';
import { useNumberFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';

/** Changes shown at first; a big file's others come with "Show all". */
const FIRST = 50;
const MONEY = new Set<ImportFieldChange['field']>(['mrp', 'sellingPrice', 'discount', 'costPrice']);

/** Every existing product the file changes, one line per field: before → after. */
export function ImportChanges({ changes }: { changes: ImportChange[] }) {
  const t = useT('product-import');
  const num = useNumberFormat();
  const [all, setAll] = useState(false);

  const value = (field: ImportFieldChange['field'], v: ImportFieldChange['before']) => {
    if (v === null || v === '') return t('emptyValue');
    if (typeof v === 'string') return v;
    if (MONEY.has(field)) return formatRupees(v);
    return field === 'gstRate' ? `${num.format(v)}%` : num.format(v);
  };
  const lines = (c: ImportChange) =>
    c.fields.map((f) => (
      <Text key={f.field} size="sm" lineClamp={3} data-testid={`change-${f.field}`}>
        <Text span fw={600} size="sm">
          {t(`col_${f.field}`)}:
        </Text>{' '}
        <Text span c="dimmed" size="sm">
          {value(f.field, f.before)}
        </Text>
        {' → '}
        <Text span fw={600} size="sm">
          {value(f.field, f.after)}
        </Text>
      </Text>
    ));
  const columns: Column<ImportChange>[] = [
    { key: 'name', header: t('product'), render: (c) => c.name, cardTitle: true },
    { key: 'row', header: t('row'), render: (c) => c.row, nowrap: true },
    {
      key: 'change',
      header: t('change'),
      render: (c) => <Stack gap={2}>{lines(c)}</Stack>,
    },
  ];

  const title = t('changesTitle', { n: changes.length });
  return (
    <Stack gap="xs" data-testid="import-changes">
      <Title order={3} size="h4">
        {title}
      </Title>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noChanges')}
        </Text>
      ) : (
        <>
          <ResponsiveTable
            rows={all ? changes : changes.slice(0, FIRST)}
            rowKey={(c) => `${c.row}:${c.id}`}
            columns={columns}
            label={title}
            renderCard={(c) => (
              <>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {c.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('row')} {c.row}
                </Text>
                {lines(c)}
              </>
            )}
          />
          {!all && changes.length > FIRST && (
            <Button variant="subtle" onClick={() => setAll(true)} style={{ alignSelf: 'flex-start' }}>
              {t('showAllChanges', { n: changes.length })}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
