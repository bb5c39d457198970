import { Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../../core/purchase-order';
import type { PurchaseOrderSummaryDto } from '../../../core/schemas/purchase-order';
import { LinkRow } from '../../components/link-row';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useCachedQuery } from '../../data/use-cached-query';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { fetchPurchaseOrders } from './purchase-orders-api';
import { StatusBadge } from './status-badge';

/** One order in the list: a link to it, with its supplier, number, date, status and how many lines are still to come. */
function OrderRow({ po }: { po: PurchaseOrderSummaryDto }) {
  const t = useT('purchase-orders');
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <LinkRow
      to={`/purchase-orders/${po._id}`}
      label={t('open', { number: po.number })}
      testId="po-row"
      title={po.supplier.name}
      detail={
        <>
          {po.number} · {day.format(new Date(po.createdAt))}
          {po.linesToCome > 0 && po.status !== 'closed' && (
            <Text span size="sm" c="dimmed" display="block">
              {t('linesToCome', { n: po.linesToCome, total: po.lineCount })}
            </Text>
          )}
        </>
      }
      aside={<StatusBadge status={po.status} />}
    />
  );
}

/** /purchase-orders: the shop's purchase orders, newest first, of one status when chosen. */
export default function PurchaseOrdersPage() {
  const t = useT('purchase-orders');
  const [status, setStatus] = useState<PurchaseOrderStatus | null>(null);
  const q = useCachedQuery(`purchase-orders:${status ?? 'all'}`, () => fetchPurchaseOrders(status), { refetchOnSync: true });
  return (
    <Stack gap="md" maw={900} mx="auto">
      <PageHeader title={t('title')} hint={t('hint')} mb={0} link={{ to: '/reorder', label: t('fromReorder'), variant: 'light' }} />
      <Select
        aria-label={t('allStatuses')}
        size="md"
        w={240}
        data={[{ value: '', label: t('allStatuses') }, ...PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))]}
        value={status ?? ''}
        onChange={(v) => setStatus(v ? (v as PurchaseOrderStatus) : null)}
        allowDeselect={false}
        data-testid="po-status-filter"
      />
      <QueryView query={q} failed={t('loadFailed')} empty={t('none')} loader={<Skeleton h={160} radius="md" />}>
        {(orders) => (
          <Stack gap="xs" data-testid="po-list">
            {orders.map((po) => (
              <OrderRow key={po._id} po={po} />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
