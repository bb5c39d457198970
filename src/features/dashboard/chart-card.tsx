import { Card, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import classes from './dashboard.module.css';

export interface FigureTable {
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  /** The last row, in bold (the totals). */
  total?: ReactNode[];
}

/**
 * A dashboard's card: its chart and, on demand, the table of its figures (the chart's text
 * alternative); `empty` (a text) stands in for the chart when the period has nothing to draw.
 */
export function ChartCard({
  title,
  testId,
  children,
  table,
  empty,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  table: FigureTable;
  empty?: string | false;
}) {
  const t = useT('dashboard');
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
      <details className={classes.details}>
        <summary>
          <Text span size="sm" fw={600}>
            {t('showTable')}
          </Text>
        </summary>
        <div className={classes.scroll}>
          <Table striped withTableBorder fz="sm" horizontalSpacing="xs" aria-label={title} data-testid={`${testId}-table`}>
            <Table.Thead>
              <Table.Tr>
                {table.headers.map((h, i) => (
                  <Table.Th key={h} ta={i === 0 ? 'left' : 'right'}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((r) => (
                <Table.Tr key={r.key}>
                  {r.cells.map((c, i) => (
                    <Table.Td key={i} ta={i === 0 ? 'left' : 'right'} className={i === 0 ? undefined : classes.num}>
                      {c}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {table.total && (
              <Table.Tfoot>
                <Table.Tr fw={700} data-testid={`${testId}-total`}>
                  {table.total.map((c, i) => (
                    <Table.Td key={i} ta={i === 0 ? 'left' : 'right'} className={i === 0 ? undefined : classes.num} data-col={i}>
                      {c}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </div>
      </details>
    </Card>
  );
}

/** A headline figure. */
export function KpiCard({ label, value, note, testId }: { label: string; value: string; note?: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={800} fz={22} className={classes.num} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}
