import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import { formatQuantity, perUnit } from '../../../core/units';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import {
  customerName,
  fetchDistinctProducts,
  fetchVendorCustomers,
  fetchVendorOrders,
  formatDateTime,
  lineName,
  type OrderDto,
} from './vendor-orders-api';

const PAGE_SIZE = 10;

const productsText = (o: OrderDto) =>
  o.products.map((p, i) => `${lineName(o, i)} - ${formatRupees(p.price)}${perUnit(p.unit)} x ${formatQuantity(p.quantity, p.unit)}`);

function OrdersTable({ orders }: { orders: OrderDto[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order ID</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Products</Table.Th>
            <Table.Th ta="right">Total Amount</Table.Th>
            <Table.Th>Created At</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o._id} data-testid="vendor-order-row">
              <Table.Td>
                <Anchor component={Link} to={`/vendor/orders/${o._id}`} fw={600}>
                  #{o.orderNumber}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {o.invoiceNumber}
                </Text>
              </Table.Td>
              <Table.Td>{customerName(o)}</Table.Td>
              <Table.Td>{o.customerId?.email || '-'}</Table.Td>
              <Table.Td>
                {productsText(o).map((t, i) => (
                  <Text key={i} size="sm">
                    {t}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRupees(o.totalPayable ?? o.totalAmount)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrderCards({ orders }: { orders: OrderDto[] }) {
  return (
    <Stack gap="sm">
      {orders.map((o) => (
        <Card key={o._id} withBorder radius="md" padding="sm" data-testid="vendor-order-row">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/vendor/orders/${o._id}`} fw={700}>
              Order #{o.orderNumber}
            </Anchor>
            <Text fw={800}>{formatRupees(o.totalPayable ?? o.totalAmount)}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(o.createdAt)} · {o.status} · {o.invoiceNumber}
          </Text>
          <Text size="sm" mt={4}>
            {customerName(o)}
            {o.customerId?.email ? ` · ${o.customerId.email}` : ''}
          </Text>
          <Stack gap={0} mt={4}>
            {productsText(o).map((t, i) => (
              <Text key={i} size="sm" c="dimmed">
                {t}
              </Text>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** /vendorOrdersList "Vendor Orders". */
export default function VendorOrdersListPage() {
  const myId = useSession((s) => s.userInfo?._id ?? '');
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const [customer, setCustomer] = useState<string | null>(null);
  const [product, setProduct] = useState<string | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [page, setPage] = useState(1);
  // The filter choices (an empty list when they cannot be loaded) and the orders: not saved on the device.
  const customers = useCachedQuery('vendor-orders:customers', fetchVendorCustomers, { persist: false }).data ?? [];
  const productOptions =
    useCachedQuery(myId ? `vendor-orders:products:${myId}` : null, () => fetchDistinctProducts(myId), { persist: false }).data ?? [];
  const filter = { page, limit: PAGE_SIZE, customer, product, startDate, endDate };
  // the current page stays (dimmed) while the next one loads
  const q = useCachedQuery(`vendor-orders?${JSON.stringify(filter)}`, () => fetchVendorOrders(filter), {
    persist: false,
    keepPrevious: true,
  });
  const data = q.data ?? null;
  const error = q.error ? MSG.ordersLoadFailed : null;
  const loading = q.refreshing;
  // fewer pages than the one shown (the list shrank): go to the last
  if (data && !loading && data.totalPages > 0 && page > data.totalPages) setPage(data.totalPages);

  const filtered = !!(customer || product || startDate || endDate);
  const resetPage =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Title order={2}>Vendor Orders</Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Select
          label="Customer"
          placeholder="All customers"
          data={customers.map((c) => ({ value: c._id, label: c.email ? `${c.name} (${c.email})` : c.name }))}
          value={customer}
          onChange={resetPage(setCustomer)}
          clearable
          searchable
          nothingFoundMessage="No customers"
        />
        <Select
          label="Product"
          placeholder="All products"
          data={productOptions.map((p) => ({ value: p.productId, label: p.name }))}
          value={product}
          onChange={resetPage(setProduct)}
          clearable
          searchable
          nothingFoundMessage="No products"
        />
        <TextInput
          label="Start date"
          type="date"
          value={startDate}
          max={endDate || undefined}
          onChange={(e) => resetPage(setStartDate)(e.currentTarget.value)}
        />
        <TextInput
          label="End date"
          type="date"
          value={endDate}
          min={startDate || undefined}
          onChange={(e) => resetPage(setEndDate)(e.currentTarget.value)}
        />
      </SimpleGrid>
      {filtered && (
        <Group justify="flex-end" mt={-8}>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setCustomer(null);
              setProduct(null);
              setStartDate('');
              setEndDate('');
              setPage(1);
            }}
          >
            Clear filters
          </Button>
        </Group>
      )}

      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : !data ? (
        <Skeleton h={300} radius="md" />
      ) : data.orders.length === 0 ? (
        <Alert color="gray">{MSG.noOrdersFound}</Alert>
      ) : (
        <div style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {wide ? <OrdersTable orders={data.orders} /> : <OrderCards orders={data.orders} />}
        </div>
      )}

      {data && data.totalPages > 1 && (
        <Center>
          <Pagination
            total={data.totalPages}
            value={page}
            onChange={setPage}
            withEdges
            siblings={wide ? 1 : 0}
            boundaries={1}
            size={wide ? 'md' : 'sm'}
          />
        </Center>
      )}
    </Stack>
  );
}
