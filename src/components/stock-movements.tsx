import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
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

/** Where a movement's reference opens. */
const LINKS: Record<NonNullable<StockMovementDto['link']>['to'], string> = {
  order: '/vendor/orders/',
  purchase: '/purchases/',
  creditNote: '/credit-notes/',
};

/** "+3", "−1.25 kg": a signed quantity with the unit's short name. */
export function useSignedQuantity() {
  const units = useUnitText();
  return (q: number, unit: string) => `${q > 0 ? '+' : q < 0 ? '−' : ''}${units.quantity(Math.abs(q), unit)}`;
}

/**
 * A product's stock movements, oldest first as the ledger answers them, shown newest first: when,
 * what moved it (and why), the signed change, the stock after, its reference (a link to the order,
 * purchase or credit note while it exists) and who.
 */
export function StockMovements({ movements, unit, label }: Props) {
  const t = useT('stock-ledger');
  const units = useUnitText();
  const signed = useSignedQuantity();
  const when = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  if (movements.length === 0) return <Alert color="gray">{t('noMovements')}</Alert>;
  const rows = movements.map((m, i) => ({ ...m, key: String(i) })).reverse();
  const kindText = (m: StockMovementDto) =>
    m.reason && m.kind === 'adjustment' ? `${t(`kind_${m.kind}`)} · ${t(`reason_${m.reason}`)}` : t(`kind_${m.kind}`);
  // a product kept in batches: the batches the movement took or filled (migration 048)
  const kind = (m: StockMovementDto) =>
    m.batches?.length ? (
      <Stack gap={0}>
        <span>{kindText(m)}</span>
        <Text span size="xs" c="dimmed" data-testid="movement-batches">
          {t('batches', { list: m.batches.map((b) => `${b.number} ${signed(b.quantity, unit)}`).join(', ') })}
        </Text>
      </Stack>
    ) : (
      kindText(m)
    );
  const change = (m: StockMovementDto) => (
    <Text span inherit fw={700} c={m.quantity < 0 ? 'red.8' : 'teal.8'}>
      {signed(m.quantity, unit)}
    </Text>
  );
  const shownRef = (m: StockMovementDto) => m.reference ?? (m.kind === 'order_deleted' ? t('deletedOrder') : null);
  const ref = (m: StockMovementDto) => {
    const shown = shownRef(m);
    if (!shown) return '—';
    const text = m.supplier ? `${shown} · ${m.supplier}` : shown;
    return (
      <Stack gap={0}>
        {m.link ? (
          <Anchor component={Link} to={`${LINKS[m.link.to]}${encodeURIComponent(m.link.id)}`} inherit style={{ overflowWrap: 'anywhere' }}>
            {text}
          </Anchor>
        ) : (
          <Text span inherit style={{ overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        )}
        {/* a cancelled purchase's reason, a return to the supplier's debit note number */}
        {(m.kind === 'purchase_cancelled' || m.kind === 'purchase_return') && m.note && (
          <Text span size="xs" c="dimmed">
            {m.note}
          </Text>
        )}
      </Stack>
    );
  };
  return (
    <ResponsiveTable
      label={label}
      rows={rows}
      rowKey={(m) => m.key}
      columns={[
        { key: 'at', header: t('movementWhen'), nowrap: true, render: (m) => when.format(new Date(m.at)) },
        { key: 'kind', header: t('movementKind'), render: kind },
        { key: 'quantity', header: t('movementQuantity'), nowrap: true, render: change },
        { key: 'balance', header: t('movementBalance'), nowrap: true, render: (m) => units.quantity(m.balance, unit) },
        { key: 'ref', header: t('movementRef'), render: ref },
        { key: 'by', header: t('movementBy'), render: (m) => m.by?.name ?? '' },
      ]}
      // a phone card: what and the change, then the stock after, the reference, when and who
      renderCard={(m) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Text fw={700} size="sm" component="div">
              {kind(m)}
            </Text>
            <Text size="sm" style={{ flexShrink: 0 }}>
              {change(m)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Text size="sm" component="div" style={{ minWidth: 0 }}>
              {shownRef(m) && ref(m)}
            </Text>
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {t('stockAfter', { n: units.quantity(m.balance, unit) })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {m.by ? `${when.format(new Date(m.at))} · ${m.by.name}` : when.format(new Date(m.at))}
          </Text>
        </>
      )}
    />
  );
}
