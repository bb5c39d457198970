import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { SummaryLine } from '../../components/summary-line';
import { type Translate, useT } from '../../lib/i18n';
import type { ClosedShift } from './shift-store';

/** "Short ₹20.00" (red), "Over ₹5.00" or "Exact": counted less expected (rupees; below 0 is short). */
export function differenceText(t: Translate<'shift'>, difference: number): { text: string; color: string } {
  if (difference < 0) return { text: t('short', { amount: formatRupees(-difference) }), color: 'red.8' };
  if (difference > 0) return { text: t('over', { amount: formatRupees(difference) }), color: 'orange.9' };
  return { text: t('exact'), color: 'teal.8' };
}

/** A closed shift's drawer: expected, counted and the difference, and Print shift report (the 80 mm report page). */
export function ShiftResult({ closed, onPrint }: { closed: ClosedShift; onPrint?: () => void }) {
  const t = useT('shift');
  const { shift } = closed;
  const diff = differenceText(t, shift.difference ?? 0);
  return (
    <Stack gap={6} data-testid="shift-result">
      <SummaryLine label={t('expected')} value={<span data-testid="shift-result-expected">{formatRupees(shift.expected)}</span>} />
      <SummaryLine label={t('counted')} value={<span data-testid="shift-result-counted">{formatRupees(shift.counted ?? 0)}</span>} />
      <SummaryLine
        label={t('difference')}
        strong
        value={
          <Text span fw={800} c={diff.color} data-testid="shift-difference">
            {diff.text}
          </Text>
        }
      />
      {closed.provisional && (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm">{t('provisional')}</Text>
        </Alert>
      )}
      <Button
        component={Link}
        to={`/shift-report/${encodeURIComponent(shift._id)}?print=1`}
        onClick={onPrint}
        variant="light"
        size="md"
        h={44}
        data-testid="print-shift-report"
      >
        {t('printReport')}
      </Button>
    </Stack>
  );
}
