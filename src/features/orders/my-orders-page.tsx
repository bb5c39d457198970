import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { OrderCard } from './order-card';
import { ordersApi, type Order } from './orders-api';

export default function MyOrdersPage() {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    ordersApi
      .mine()
      .then((o) => live && setOrders(o))
      .catch((err) => live && setError(errorMessage(err, MSG.ordersLoadFailed)));
    return () => {
      live = false;
    };
  }, []);

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
