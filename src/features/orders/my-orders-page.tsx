import { Alert, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { matchesOrderRef } from '../../../core/order-ref';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../lib/use-cached-query';
import { OrderCard } from './order-card';
import { ordersApi } from './orders-api';

export default function MyOrdersPage() {
  const t = useT('orders');
  const msg = useMsg();
  const q = useCachedQuery('my-orders', ordersApi.mine, { persist: false });
  const orders = q.data ?? null;
  const error = !orders && q.error ? errorMessage(q.error, msg.ordersLoadFailed) : null;
  // the list is the customer's whole history (not paged), so the search runs over it here
  const [ref, setRef] = useState('');
  const shown = orders?.filter((o) => matchesOrderRef(o, ref)) ?? null;

  return (
    <Stack gap="md">
      <Title order={2}>{t('myOrders')}</Title>
      {error ? (
        <Alert color="red">{error}</Alert>
      ) : !orders ? (
        <PageLoader />
      ) : orders.length === 0 ? (
        <Text c="dimmed">{msg.noOrdersFound}</Text>
      ) : (
        <>
          <TextInput
            type="search"
            label={t('searchRef')}
            placeholder={t('searchRefPlaceholder')}
            value={ref}
            onChange={(e) => setRef(e.currentTarget.value)}
            maw={{ base: '100%', sm: 360 }}
          />
          {shown?.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {shown.map((o) => (
                <OrderCard key={o._id} order={o} to={`/userOrder/${o._id}`} />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed">{msg.noOrdersFound}</Text>
          )}
        </>
      )}
    </Stack>
  );
}
