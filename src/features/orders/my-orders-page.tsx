import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { OrderCard } from './order-card';
import { ordersApi } from './orders-api';

export default function MyOrdersPage() {
  const q = useCachedQuery('my-orders', ordersApi.mine, { persist: false });
  const orders = q.data ?? null;
  const error = !orders && q.error ? errorMessage(q.error, MSG.ordersLoadFailed) : null;

  return (
    <Stack gap="md">
      <Title order={2}>My Orders</Title>
      {error ? (
        <Alert color="red">{error}</Alert>
      ) : !orders ? (
        <PageLoader />
      ) : orders.length === 0 ? (
        <Text c="dimmed">{MSG.noOrdersFound}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {orders.map((o) => (
            <OrderCard key={o._id} order={o} to={`/userOrder/${o._id}`} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
