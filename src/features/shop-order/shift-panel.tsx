import { Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatRupees, toRupees } from '../../../core/money';
import type { TillState } from '../../../core/till';
import { SummaryLine } from '../../components/summary-line';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useOutboxItems } from '../../offline/hooks';
import { useSession } from '../../stores/session';
import { shiftFigures } from './shift-figures';
import { ShiftResult } from './shift-result';
import type { ClosedShift, OpenShift } from './shift-store';

const ShiftCashForm = lazy(() => import('./shift-cash-form'));
const ShiftCloseForm = lazy(() => import('./shift-close-form'));
const DrawerOpenDialog = lazy(() => import('./drawer-open-dialog'));

type View = 'figures' | 'in' | 'out' | 'close';

/**
 * The Shift dialog of the counter: what the drawer should hold now (the server's figures and what this device
 * has not sent yet), Pay in and Pay out with a reason, and Close shift; once closed, the drawer's result and
 * its report. `closed` is the shift this dialog closed.
 */
export default function ShiftPanel({
  till,
  shift,
  closed,
  onDone,
}: {
  till: TillState;
  shift: OpenShift | null;
  closed: ClosedShift | null;
  onDone: () => void;
}) {
  const t = useT('shift');
  const me = useSession((s) => s.userInfo?.name ?? '');
  const items = useOutboxItems();
  const when = useDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const [view, setView] = useState<View>('figures');
  const [drawer, setDrawer] = useState(false);
  const figures = useMemo(() => (shift ? shiftFigures(shift, items, me) : null), [shift, items, me]);

  if (!shift || !figures) {
    return closed ? (
      <Stack gap="sm">
        <Text fw={700}>{t('closedTitle')}</Text>
        <ShiftResult closed={closed} onPrint={onDone} />
        <Button variant="default" mih={44} onClick={onDone} data-testid="shift-done">
          {t('done')}
        </Button>
      </Stack>
    ) : null;
  }
  if (view === 'in' || view === 'out')
    return (
      <Suspense fallback={null}>
        <ShiftCashForm shift={shift} kind={view} onDone={() => setView('figures')} />
      </Suspense>
    );
  if (view === 'close')
    return (
      <Suspense fallback={null}>
        <ShiftCloseForm till={till} shift={shift} figures={figures} onBack={() => setView('figures')} />
      </Suspense>
    );

  const f = figures.flows;
  const rows: Array<[string, number, string?]> = [
    [t('floatShort'), f.floatPaise],
    [t('cashSales'), f.cashSalesPaise, 'shift-cash-sales'],
    [t('creditCollected'), f.creditCollectedPaise],
    [t('cashRefunds'), -f.cashRefundsPaise],
    [t('payIns'), f.payInsPaise],
    [t('payOuts'), -f.payOutsPaise],
  ];
  return (
    <Stack gap="sm" data-testid="shift-panel">
      <Text size="sm" c="dimmed">
        {t('openedBy', { at: when.format(new Date(shift.openedAt)), name: shift.server?.cashier.name ?? shift.cashier })}
      </Text>
      <Stack gap={4}>
        {rows.map(([label, paise, testId]) => (
          <SummaryLine key={label} label={label} value={<span data-testid={testId}>{signed(paise)}</span>} />
        ))}
        <Divider my={2} />
        <SummaryLine
          label={t('expected')}
          strong
          value={<span data-testid="shift-expected">{formatRupees(toRupees(figures.expectedPaise))}</span>}
        />
        <Text size="xs" c="dimmed">
          {figures.waiting > 0 ? t('waiting', { n: figures.waiting }) : t('serverFigures')}
        </Text>
      </Stack>
      {figures.cash.length > 0 && (
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="shift-cash-list">
          {figures.cash.map((c, i) => (
            <Group key={`${c.at}-${i}`} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {`${c.kind === 'in' ? t('payIn') : t('payOut')}: ${c.reason}`}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {c.kind === 'in' ? formatRupees(c.amount) : `−${formatRupees(c.amount)}`}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <SimpleGrid cols={2} spacing="sm">
        <Button variant="light" mih={44} h="auto" py={8} styles={WRAP} onClick={() => setView('in')} data-testid="shift-pay-in">
          {t('payIn')}
        </Button>
        <Button variant="light" mih={44} h="auto" py={8} styles={WRAP} onClick={() => setView('out')} data-testid="shift-pay-out">
          {t('payOut')}
        </Button>
      </SimpleGrid>
      <Button variant="default" mih={44} h="auto" py={8} styles={WRAP} onClick={() => setDrawer(true)} data-testid="drawer-open">
        {t('drawerOpen')}
      </Button>
      {drawer && (
        <Suspense fallback={null}>
          <DrawerOpenDialog onClose={() => setDrawer(false)} />
        </Suspense>
      )}
      <Button color="red" mih={44} h="auto" py={8} styles={WRAP} onClick={() => setView('close')} data-testid="shift-close">
        {t('closeShift')}
      </Button>
    </Stack>
  );
}

/** A long label (Tamil on a phone) wraps inside its button instead of being cut. */
const WRAP = { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } };

/** An amount in paise as the drawer's figures show it: "−₹50.00" for what left it. */
const signed = (paise: number) => (paise < 0 ? `−${formatRupees(toRupees(-paise))}` : formatRupees(toRupees(Math.abs(paise))));
