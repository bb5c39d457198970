import { Card, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { formatRupees } from '../../../core/money';
import type { DayShiftDto } from '../../../core/schemas/shift';
import { type Column, ResponsiveTable } from '../../components/responsive-table';
import { TamilReady } from '../../components/tamil-ready';
import { useT } from '../../lib/i18n';

/** counted − expected as it reads: "−₹20.00" short (red), "+₹5.00" over, "₹0.00" exact. */
function Difference({ rupees }: { rupees: number }) {
  const text = rupees < 0 ? `−${formatRupees(-rupees)}` : rupees > 0 ? `+${formatRupees(rupees)}` : formatRupees(0);
  return (
    <Text span size="sm" fw={700} c={rupees < 0 ? 'red.8' : rupees > 0 ? 'orange.9' : undefined} data-testid="day-shift-difference">
      {text}
    </Text>
  );
}

/**
 * The day's till shifts on the day close (not printed): each with its cashier and till, what its drawer should
 * have held, what was counted and the difference; a shift still open shows its running figure. A table on a
 * wide screen, cards on a phone. Nothing when no till worked a shift that day.
 */
export function DayShifts({ shifts }: { shifts: DayShiftDto[] }) {
  const t = useT('day-close');
  if (shifts.length === 0) return null;
  const columns: Column<DayShiftDto>[] = [
    { key: 'cashier', header: t('shiftCashier'), render: (s) => s.cashier.name, cardTitle: true },
    { key: 'till', header: t('shiftTill'), render: (s) => s.tillName },
    { key: 'expected', header: t('shiftExpected'), render: (s) => formatRupees(s.expected), nowrap: true },
    {
      key: 'counted',
      header: t('shiftCounted'),
      render: (s) => (s.counted === null ? t('shiftStillOpen') : formatRupees(s.counted)),
      nowrap: true,
    },
    {
      key: 'difference',
      header: t('shiftDifference'),
      render: (s) => (s.difference === null ? '-' : <Difference rupees={s.difference} />),
      nowrap: true,
    },
  ];
  return (
    <Card withBorder radius="lg" padding="md" data-testid="day-shifts">
      <Title order={3} size="h4">
        {t('shiftsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('shiftsHint')}
      </Text>
      <Suspense fallback={null}>
        <TamilReady text={shifts.map((s) => `${s.tillName} ${s.cashier.name}`).join(' ')}>
          <ResponsiveTable rows={shifts} rowKey={(s) => s._id} columns={columns} label={t('shiftsTitle')} />
        </TamilReady>
      </Suspense>
    </Card>
  );
}
