import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { getLanguage, translate, useT } from '../../lib/i18n';
import { useOutboxItems } from '../../offline/hooks';

/** The sale just recorded at the counter, kept at hand until the next one. */
export interface LastSale {
  /** The order's id: its bill is /receipt/:id (a sale still on this device shows its provisional bill there). */
  id: string;
  /** Its invoice number or order number, else the short reference of a sale not yet on the server. */
  ref: string;
  total: number;
  /** The server's order, or null while the sale waits in this device's outbox. */
  order: OrderDto | null;
  /** Saved on this device when it was recorded (the server had not answered). */
  queued: boolean;
  /** Prints it on this device's receipt printer (one is set up, not printing by itself). */
  printer?: () => void;
}

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

  const share = async () => {
    setSharing(true);
    try {
      const [{ saleBill }, { shareBill }] = await Promise.all([import('./sale-bill'), import('./bill-share')]);
      const b = await saleBill(sale.id, sale.order);
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
          {waiting && (
            <Badge color="yellow" c="dark" variant="filled" size="sm">
              {t('savedOnDevice')}
            </Badge>
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
