import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { DocumentPage } from '../../components/document-page';
import { noPrintClass } from '../../components/print-sheet';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { useDateFormat } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { PurchaseOrderSheet } from './purchase-order-sheet';
import { fetchPurchaseOrder } from './purchase-orders-api';
import { StatusBadge } from './status-badge';

const CloseOrderDialog = lazy(() => import('./close-order-dialog'));

/**
 * /purchase-orders/:id: one order with what was ordered, received and is still to come, its receipts,
 * Share (WhatsApp text), Print / PDF, Receive goods (the receive-goods page filled with what is still
 * to come) and Close order when the rest will not come.
 */
export default function PurchaseOrderPage() {
  const { id = '' } = useParams();
  const t = useT('purchase-orders');
  const lang = useLanguage();
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const at = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const q = useCachedQuery(`purchase-order:${id}`, () => fetchPurchaseOrder(id), { refetchOnSync: true });
  const [closing, setClosing] = useState(false);
  const po = q.data;
  const receiving = po && (po.status === 'open' || po.status === 'partlyReceived');

  return (
    <DocumentPage
      maw={900}
      title={po ? t('order', { number: po.number }) : t('title')}
      action={
        <Button component={Link} to="/purchase-orders" variant="default" size="md">
          {t('backToList')}
        </Button>
      }
      query={q}
      doc={po}
      failed={t('loadFailed')}
      paper="A4"
      printLabel={t('print')}
      controlSize="md"
      share={(p) => import('./purchase-order-text').then((m) => m.sharePurchaseOrder(p, lang, day.format(new Date(p.createdAt))))}
      extra={(p) => (
        <>
          {receiving && (
            <Button component={Link} to={`/purchases/new?po=${p._id}`} size="md" data-testid="po-receive">
              {t('receiveGoods')}
            </Button>
          )}
          {receiving && (
            <Button color="red" variant="subtle" size="md" onClick={() => setClosing(true)}>
              {t('close')}
            </Button>
          )}
        </>
      )}
    >
      {(p, paper) => (
        <>
          <Group className={noPrintClass} gap="sm">
            <StatusBadge status={p.status} />
            <Text fw={600}>{p.supplier.name}</Text>
          </Group>
          {p.closedAt && (
            <Alert color="gray" variant="light" className={noPrintClass}>
              {t('closed', { at: at.format(new Date(p.closedAt)) })}
              {p.closeReason ? ` · ${p.closeReason}` : ''}
            </Alert>
          )}
          <PurchaseOrderSheet po={p} paper={paper} />
          <Paper withBorder radius="md" p="sm" className={noPrintClass}>
            <Text fw={700} mb={4}>
              {t('receipts')}
            </Text>
            {p.receipts.length === 0 ? (
              <Text c="dimmed">{t('noReceipts')}</Text>
            ) : (
              <Stack gap={0} data-testid="po-receipts">
                {p.receipts.map((r) => (
                  <Group key={r._id} gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={`/purchases/${r._id}`} py={10} td={r.cancelled ? 'line-through' : undefined}>
                      {t('receipt', {
                        number: r.billNumber,
                        date: day.format(new Date(`${r.billDate}T00:00:00Z`)),
                        amount: formatRupees(r.total),
                      })}
                    </Anchor>
                    {r.cancelled && (
                      <Badge color="red" variant="light">
                        {t('cancelledReceipt')}
                      </Badge>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
          {closing && (
            <Suspense fallback={null}>
              <CloseOrderDialog
                po={p}
                onClose={() => setClosing(false)}
                onClosed={(done) => {
                  setClosing(false);
                  q.mutate(() => done);
                  invalidate('purchase-orders');
                }}
              />
            </Suspense>
          )}
        </>
      )}
    </DocumentPage>
  );
}
