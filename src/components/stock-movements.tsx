import { Alert, Text } from '@mantine/core';
import type { StockMovementDto } from '../../core/schemas/stock';
import { useDateFormat } from '../lib/format';
import { useT } from '../lib/i18n';
import { useUnitText } from '../lib/unit-text';
import { ResponsiveTable } from './responsive-table';

interface Props {
  movements: StockMovementDto[];
  /** The product's unit (core/units): quantities are in it. */
  unit: string;
  /** The list's heading, for its accessible name. */
  label: string;
}

/** "+3", "−1.25 kg": a signed quantity with the unit's short name. */
export function useSignedQuantity() {
  const units = useUnitText();
  return (q: number, unit: string) => `${q > 0 ? '+' : q < 0 ? '−' : ''}${units.quantity(Math.abs(q), unit)}`;
}

/**
 * A product's stock movements, oldest first as the ledger answers them, shown newest first: when,
 * what moved it (and why), the signed change, the stock after, the order it points at and who.
 */
export function StockMovements({ movements, unit, label }: Props) {
  const t = useT('stock-ledger');
  const units = useUnitText();
  const signed = useSignedQuantity();
  const when = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  if (movements.length === 0) return <Alert color="gray">{t('noMovements')}</Alert>;
  const rows = movements.map((m, i) => ({ ...m, key: String(i) })).reverse();
  const ref = (m: StockMovementDto) => m.orderRef ?? (m.kind === 'order_deleted' ? t('deletedOrder') : (m.note ?? ''));
  return (
    <ResponsiveTable
      label={label}
      rows={rows}
      rowKey={(m) => m.key}
      columns={[
        { key: 'at', header: t('movementWhen'), nowrap: true, render: (m) => when.format(new Date(m.at)) },
        {
          key: 'kind',
          header: t('movementKind'),
          render: (m) =>
            m.reason && m.kind === 'adjustment' ? `${t(`kind_${m.kind}`)} · ${t(`reason_${m.reason}`)}` : t(`kind_${m.kind}`),
        },
        {
          key: 'quantity',
          header: t('movementQuantity'),
          nowrap: true,
          render: (m) => (
            <Text span inherit fw={700} c={m.quantity < 0 ? 'red.8' : 'teal.8'}>
              {signed(m.quantity, unit)}
            </Text>
          ),
        },
        { key: 'balance', header: t('movementBalance'), nowrap: true, render: (m) => units.quantity(m.balance, unit) },
        { key: 'ref', header: t('movementRef'), render: ref },
        { key: 'by', header: t('movementBy'), render: (m) => m.by ?? '' },
      ]}
    />
  );
}
