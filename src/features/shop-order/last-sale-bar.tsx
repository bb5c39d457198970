import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { getLanguage, translate, useT } from '../../lib/i18n';
import { useOutboxItems } from '../../offline/hooks';

// a UPI sale the shop's provider confirms: its QR dialog and how its payment stands
import type { LastSale } from './last-sale';
const LastSaleUpi = lazy(() => import('./last-sale-upi'));

/**
 * "Last sale #123 · ₹250 · Print · Share · View bill": the counter is ready for the next sale, and the
 * last one's bill stays one tap away after its notice has gone.
 */
export default function LastSaleBar({ sale }: { sale: LastSale }) {
  const t = useT('shop-order');
  const [sharing, setSharing] = useState(false);
  // a sale saved offline is marked until it has left this device's outbox
  const outbox = useOutboxItems();
  const waiting = sale.queued && outbox.some((i) => i.id === sale.id);
  const bill = `/receipt/${encodeURIComponent(sale.id)}`;
  // the order once its UPI payment was confirmed (the bill shared says Paid)
  const [paid, setPaid] = useState<OrderDto | null>(null);
  const order = paid?._id === sale.id ? paid : sale.order;

  const share = async () => {
    setSharing(true);
    try {
      const [{ saleBill }, { shareBill }] = await Promise.all([import('./sale-bill'), import('./bill-share')]);
      const b = await saleBill(sale.id, order);
      // in the bill's language (the sale's customer's), else the interface's
      if (b) await shareBill(b, b.language ?? getLanguage());
    } finally {
      setSharing(false);
    }
  };

  return (
    <Paper withBorder radius="md" px="sm" py={6} bg="teal.0" data-testid="last-sale">
      <Group justify="space-between" gap={6}>
        <Group gap={6}>
          <Text size="sm" fw={700} data-testid="last-sale-text">
            {t('lastSale', { ref: sale.ref, total: formatRupees(sale.total) })}
          </Text>
          {sale.parts && (
            <Text size="sm" data-testid="last-sale-parts">
              {sale.parts.map((p) => `${t(`method_${p.method}`)} ${formatRupees(p.amount)}`).join(' · ')}
            </Text>
          )}
          {waiting && (
            <Badge color="yellow" c="dark" variant="filled" size="sm">
              {t('savedOnDevice')}
            </Badge>
          )}
          {sale.collectUpi && (
            <Suspense fallback={null}>
              <LastSaleUpi key={sale.id} sale={sale} waiting={waiting} onPaid={setPaid} />
            </Suspense>
          )}
        </Group>
        <Group gap={4}>
          <Button component={Link} to={`${bill}?print=1`} size="sm" mih={{ base: 44, sm: 36 }} data-testid="last-sale-print">
            {t('print')}
          </Button>
          {sale.printer && (
            <Button size="sm" mih={{ base: 44, sm: 36 }} variant="light" onClick={sale.printer} data-testid="last-sale-printer">
              {translate('printer', 'printToPrinter')}
            </Button>
          )}
          <Button
            size="sm"
            mih={{ base: 44, sm: 36 }}
            variant="light"
            onClick={() => void share()}
            loading={sharing}
            data-testid="last-sale-share"
          >
            {t('share')}
          </Button>
          <Button component={Link} to={bill} size="sm" mih={{ base: 44, sm: 36 }} variant="subtle" data-testid="last-sale-bill">
            {t('viewBill')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
