import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import type { PurchaseSummaryDto } from '../../../core/schemas/purchase';
import { istDayOf } from '../../../core/sale-void';
import { LinkRow } from '../../components/link-row';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { useOutboxItems } from '../../offline/hooks';
import { InputGstTable } from './input-gst-table';
import { PURCHASE, type QueuedPurchase } from './purchase-kind';
import { fetchInputGst, fetchPurchases, monthRange } from './purchases-api';
import classes from './purchases.module.css';

/** One bill in the list: a link to it, with its date, supplier, number and total. */
function PurchaseRow({ p }: { p: PurchaseSummaryDto }) {
  const t = useT('purchases');
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (
    <LinkRow
      to={`/purchases/${p._id}`}
      label={t('open', { number: p.billNumber })}
      testId="purchase-row"
      title={p.supplier.name}
      detail={`${day.format(new Date(`${p.billDate}T00:00:00Z`))} · ${t('billNumber')} ${p.billNumber}`}
      aside={
        <Stack gap={2} align="flex-end">
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} td={p.cancelledAt ? 'line-through' : undefined}>
            {formatRupees(p.total)}
          </Text>
          {p.cancelledAt && (
            <Badge color="red" variant="light">
              {t('cancelled')}
            </Badge>
          )}
        </Stack>
      }
    />
  );
}

/** /purchases: the bills of goods received in a chosen month, those waiting to sync, and the month's input GST. */
export default function PurchasesPage() {
  const t = useT('purchases');
  const [month, setMonth] = useState(() => istDayOf(new Date()).slice(0, 7));
  const valid = /^\d{4}-\d{2}$/.test(month);
  const { from, to } = valid ? monthRange(month) : { from: '', to: '' };
  const q = useCachedQuery(valid ? `purchases:${month}` : null, () => fetchPurchases(from, to), { refetchOnSync: true });
  const gst = useCachedQuery(valid ? `purchases-gst:${month}` : null, () => fetchInputGst(from, to), { refetchOnSync: true });
  const queued = useOutboxItems().filter((i) => i.kind === PURCHASE) as QueuedPurchase[];

  return (
    <Stack gap="md" maw={900} mx="auto" className={classes.touch}>
      <PageHeader title={t('purchases')} mb={0} link={{ to: '/purchases/new', label: t('receiveGoods') }} />
      <Anchor component={Link} to="/purchase-orders" py={10} w="fit-content" data-testid="purchase-orders-link">
        {t('purchaseOrders')}
      </Anchor>
      <TextInput label={t('month')} type="month" value={month} onChange={(e) => setMonth(e.currentTarget.value)} w={200} size="md" />
      {queued.length > 0 && (
        <Stack gap="xs" data-testid="queued-purchases">
          {queued.map((i) => (
            <Card key={i.id} withBorder radius="md" padding="sm" data-testid="queued-purchase">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t('queuedBill', { number: i.body.billNumber, supplier: i.body.supplier.name })}</Text>
                <Badge
                  color={i.status === 'failed' ? 'red' : 'yellow'}
                  c={i.status === 'failed' ? undefined : 'dark'}
                  variant={i.status === 'failed' ? 'light' : 'filled'}
                >
                  {i.status === 'failed' ? t('needsAttention') : t('queuedTitle')}
                </Badge>
              </Group>
              <Text size="sm" c={i.status === 'failed' ? 'red.8' : 'dimmed'}>
                {i.status === 'failed' ? (i.lastError ?? t('refusedNote')) : t('queuedNote')}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      <QueryView query={q} failed={t('loadFailed')} empty={t('noPurchases')} loader={<Skeleton h={160} radius="md" />}>
        {(purchases) => (
          <Stack gap="xs" data-testid="purchase-list">
            {purchases.map((p) => (
              <PurchaseRow key={p._id} p={p} />
            ))}
          </Stack>
        )}
      </QueryView>
      {gst.data && <InputGstTable data={gst.data} />}
    </Stack>
  );
}
