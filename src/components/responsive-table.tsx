import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Hide the label on phone cards (e.g. the title line). */
  cardTitle?: boolean;
  /** Keep the cell on one line in the table (phones, badges, dates). */
  nowrap?: boolean;
}

interface Props<T> {
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  /** Buttons for one row (Edit, Delete, ...). */
  actions?: (row: T) => ReactNode;
  /** Accessible name of the table. */
  label: string;
  /** Below this width rows become cards (default 48em, Mantine's sm). */
  breakpoint?: string;
  /** A compact phone card body instead of one "Label: value" line per column. */
  renderCard?: (row: T) => ReactNode;
}

/** A table on wide screens; on phones one card per row with "Label: value" lines, so nothing needs sideways scrolling. */
export function ResponsiveTable<T>({ rows, rowKey, columns, actions, label, breakpoint = '48em', renderCard }: Props<T>) {
  const t = useT('common');
  const phone = useMediaQuery(`(max-width: ${breakpoint})`, false, { getInitialValueInEffect: false });
  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {rows.map((row) => (
          <Card key={rowKey(row)} withBorder radius="md" padding="sm" role="listitem" data-testid="row">
            <Stack gap={4}>
              {renderCard
                ? renderCard(row)
                : columns.map((c) =>
                    c.cardTitle ? (
                      <Text key={c.key} fw={700} style={{ overflowWrap: 'anywhere' }} component="div">
                        {c.render(row)}
                      </Text>
                    ) : (
                      <Group key={c.key} gap={6} wrap="nowrap" align="flex-start">
                        <Text size="sm" c="dimmed" miw={92} style={{ flexShrink: 0 }}>
                          {c.header}
                        </Text>
                        <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                          {c.render(row)}
                        </Text>
                      </Group>
                    ),
                  )}
              {actions && (
                <Group gap="xs" mt={6} justify="flex-end">
                  {actions(row)}
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.header}</Table.Th>
            ))}
            {actions && <Table.Th style={{ textAlign: 'right' }}>{t('actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid="row">
              {columns.map((c) => (
                <Table.Td key={c.key} style={c.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}>
                  {c.render(row)}
                </Table.Td>
              ))}
              {actions && (
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
