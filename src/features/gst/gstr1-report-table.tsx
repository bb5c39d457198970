import { Card, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';

/** The GSTR-1 page's building blocks: a report table and a figure card. */

/** Leading `textCols` columns are text (left); the rest are numbers (right, one line). */
export function ReportTable({
  label,
  head,
  rows,
  total,
  textCols = 1,
  minWidth = 620,
}: {
  label: string;
  head: string[];
  rows: ReactNode[][];
  total?: ReactNode[];
  textCols?: number;
  /** Below this width the table scrolls sideways (a narrow table may fit a phone whole). */
  minWidth?: number;
}) {
  const t = useT('gst');
  const cell = (j: number) =>
    j < textCols ? { textAlign: 'left' as const } : { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={label} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} style={{ ...cell(i), whiteSpace: 'nowrap' }}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={head.length}>
                <Text c="dimmed" size="sm">
                  {t('nothingInPeriod')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r, i) => (
              <Table.Tr key={i}>
                {r.map((c, j) => (
                  <Table.Td key={j} style={cell(j)}>
                    {c}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {total && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {total.map((c, j) => (
                <Table.Td key={j} style={{ ...cell(j), whiteSpace: 'nowrap' }}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Card>
  );
}
