import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { fetchOrderReturns, type OrderReturns as OrderReturnsDto } from './returns-api';
import type { OrderDto } from './vendor-orders-api';

const ReturnDialog = lazy(() => import('./return-dialog'));

/**
 * The order's returns on its detail page: its credit notes (each opens to print or share) and, for
 * its vendor or an admin once it is delivered and not voided, the Return button.
 */
/** The order's returns (lines left to return, credit notes) once it is delivered; null before. */
export function useOrderReturns(order: OrderDto | null, enabled: boolean) {
  const key = order ? `order-returns:${order._id}` : '';
  const q = useCachedQuery(enabled && order?.status === 'Delivered' ? key : null, () => fetchOrderReturns(order!._id), {
    persist: false,
  });
  return { key, returns: q.data ?? null };
}

export function OrderReturns({
  order,
  returns,
  cacheKey,
  canReturn,
}: {
  order: OrderDto;
  returns: OrderReturnsDto | null;
  cacheKey: string;
  canReturn: boolean;
}) {
  const t = useT('returns');
  const date = useDateFormat({ dateStyle: 'medium' });
  const [open, setOpen] = useState(false);
  const notes = returns?.creditNotes ?? [];
  const left = returns?.lines.some((l) => l.returnable > 0 && l.productId) ?? false;
  if (!canReturn && notes.length === 0) return null;

  return (
    <Card withBorder radius="md" padding="sm" data-testid="order-returns">
      <Group justify="space-between" mb={notes.length ? 6 : 0}>
        <Title order={4}>{t('creditNotes')}</Title>
        {canReturn && (
          <Button variant="outline" onClick={() => setOpen(true)} disabled={!returns || !left} data-testid="return-goods">
            {t('returnGoods')}
          </Button>
        )}
      </Group>
      <Stack gap={4}>
        {notes.map((n) => (
          <Group key={n._id} justify="space-between" wrap="nowrap" data-testid="credit-note-row">
            <Text size="sm">
              {t('creditNoteRow', { number: n.number, date: date.format(new Date(n.date)), amount: formatRupees(n.totals.amount) })}
            </Text>
            <Anchor component={Link} to={`/credit-notes/${n._id}`} size="sm" aria-label={`${t('openCreditNote')} ${n.number}`}>
              {t('openCreditNote')}
            </Anchor>
          </Group>
        ))}
      </Stack>
      {open && returns && (
        <Suspense fallback={null}>
          <ReturnDialog
            order={order}
            returns={returns}
            onClose={() => setOpen(false)}
            onSaved={() => {
              setOpen(false);
              invalidate(cacheKey);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
