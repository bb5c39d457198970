import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { matchesOrderRef } from '../../../core/order-ref';
import { OrderRefSearch } from '../../components/order-ref-search';
import { QueryView } from '../../components/query-view';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { OrderCard } from './order-card';
import { ordersApi } from './orders-api';

export default function MyOrdersPage() {
  const t = useT('orders');
  const msg = useMsg();
  const q = useCachedQuery('my-orders', ordersApi.mine, { persist: false });
  // the list is the customer's whole history (not paged), so the search runs over it here
  const [ref, setRef] = useState('');

  return (
    <Stack gap="md">
      <Title order={2}>{t('myOrders')}</Title>
      <QueryView query={q} failed={msg.ordersLoadFailed} empty={msg.noOrdersFound}>
        {(orders) => {
          const shown = orders.filter((o) => matchesOrderRef(o, ref));
          return (
            <>
              <OrderRefSearch value={ref} onChange={setRef} maw={{ base: '100%', sm: 360 }} />
              {shown.length ? (
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                  {shown.map((o) => (
                    <OrderCard key={o._id} order={o} to={`/userOrder/${o._id}`} />
                  ))}
                </SimpleGrid>
              ) : (
                <Text c="dimmed">{msg.noOrdersFound}</Text>
              )}
            </>
          );
        }}
      </QueryView>
    </Stack>
  );
}
