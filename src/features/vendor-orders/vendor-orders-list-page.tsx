import {
  Alert,
  Anchor,
  Badge,
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
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { WALK_IN_CUSTOMER } from '../../../core/schemas/order';
import { DateRange } from '../../components/date-range';
import { OrderRefSearch } from '../../components/order-ref-search';
import { QueryView } from '../../components/query-view';
import { useDateFormat } from '../../lib/format';
import { type Translate, useT } from '../../lib/i18n';
import { useLineName } from '../../lib/line-name';
import { useMsg } from '../../lib/messages';
import { useUnitText } from '../../lib/unit-text';
import { useCachedQuery } from '../../data/use-cached-query';
import { useLiveOrders } from '../../data/use-live-orders';
import { useSession } from '../../stores/session';
import { customerName } from './order-texts';
import { fetchDistinctProducts, fetchVendorCustomers, fetchVendorOrders, type OrderDto } from './vendor-orders-api';
import { orderRef } from '../../../core/order-ref';

const PAGE_SIZE = 10;

/** An order's words in the interface language: buyer, lines, status, date and invoice number. */
function useListTexts() {
  const t = useT('vendor-orders');
  const msg = useMsg();
  const { quantity, perUnit } = useUnitText();
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const nameOf = useLineName();
  const lineName = (o: OrderDto, i: number) => nameOf(o.products[i]) || o.productDetails?.[i] || msg.unnamedProduct;
  return {
    t,
    customer: (o: OrderDto) => customerName(o) || t('walkInCustomer'),
    /** The app customer's email, else the shop customer's phone ('' for neither). */
    contact: (o: OrderDto) => o.customerId?.email || o.customer?.phone || '',
    products: (o: OrderDto) =>
      o.products.map((p, i) => `${lineName(o, i)} - ${formatRupees(p.price)}${perUnit(p.unit)} x ${quantity(p.quantity, p.unit)}`),
    dateTime: (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : '-'),
    /** That the invoice number comes at delivery (a pending unpaid order is numbered then); '' once it has one (it is the reference). */
    invoice: (o: OrderDto) => (o.invoiceNumber ? '' : t('invoiceAtDelivery')),
  };
}
type ListTexts = ReturnType<typeof useListTexts>;

/** The order's status; a voided counter sale says VOID instead (it counts in no sales). */
function StatusBadge({ order, t }: { order: OrderDto; t: Translate<'vendor-orders'> }) {
  const { status } = order;
  if (order.voidedAt)
    return (
      <Badge color="red" variant="filled" tt="none" miw="max-content" data-testid="row-voided" styles={{ label: { overflow: 'visible' } }}>
        {t('voided')}
      </Badge>
    );
  const delivered = status === 'Delivered';
  return (
    <Badge color={delivered ? 'green' : 'orange'} variant="light" tt="none" miw="max-content" styles={{ label: { overflow: 'visible' } }}>
      {delivered ? t('statusDelivered') : status === 'Pending' ? t('statusPending') : status}
    </Badge>
  );
}

function OrdersTable({ orders, x }: { orders: OrderDto[]; x: ListTexts }) {
  const { t } = x;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('colOrderId')}</Table.Th>
            <Table.Th>{t('colCustomer')}</Table.Th>
            <Table.Th>{t('colEmail')}</Table.Th>
            <Table.Th>{t('colProducts')}</Table.Th>
            <Table.Th ta="right">{t('colTotalAmount')}</Table.Th>
            <Table.Th>{t('colStatus')}</Table.Th>
            <Table.Th>{t('colCreatedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o._id} data-testid="vendor-order-row">
              <Table.Td>
                <Anchor component={Link} to={`/vendor/orders/${o._id}`} fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {orderRef(o)}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {x.invoice(o)}
                </Text>
              </Table.Td>
              <Table.Td>
                {x.customer(o)}
                {/* a shop customer has no email: their phone under the name */}
                {!o.customerId && o.customer?.phone && (
                  <Text size="xs" c="dimmed">
                    {o.customer.phone}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{o.customerId?.email || '-'}</Table.Td>
              <Table.Td>
                {x.products(o).map((line, i) => (
                  <Text key={i} size="sm">
                    {line}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRupees(o.totalPayable ?? o.totalAmount)}
              </Table.Td>
              <Table.Td>
                <StatusBadge order={o} t={t} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{x.dateTime(o.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrderCards({ orders, x }: { orders: OrderDto[]; x: ListTexts }) {
  const { t } = x;
  return (
    <Stack gap="sm">
      {orders.map((o) => (
        <Card key={o._id} withBorder radius="md" padding="sm" data-testid="vendor-order-row">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/vendor/orders/${o._id}`} fw={700}>
              {t('orderNumber', { n: orderRef(o) })}
            </Anchor>
            <Text fw={800}>{formatRupees(o.totalPayable ?? o.totalAmount)}</Text>
          </Group>
          <Group gap={6} mt={2}>
            <StatusBadge order={o} t={t} />
            <Text size="xs" c="dimmed">
              {x.dateTime(o.createdAt)}
              {x.invoice(o) ? ` · ${x.invoice(o)}` : ''}
            </Text>
          </Group>
          <Text size="sm" mt={4}>
            {x.customer(o)}
            {x.contact(o) ? ` · ${x.contact(o)}` : ''}
          </Text>
          <Stack gap={0} mt={4}>
            {x.products(o).map((line, i) => (
              <Text key={i} size="sm" c="dimmed">
                {line}
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
  const [refTyped, setRefTyped] = useState('');
  const [searchTyped, setSearchTyped] = useState('');
  // the server searches once typing pauses, not on every key
  const [ref] = useDebouncedValue(refTyped.trim(), 300);
  const [search] = useDebouncedValue(searchTyped.trim(), 300);
  const [page, setPage] = useState(1);
  const x = useListTexts();
  const { t } = x;
  const msg = useMsg();
  // The filter choices (an empty list when they cannot be loaded) and the orders: not saved on the device.
  const customers = useCachedQuery('vendor-orders:customers', fetchVendorCustomers, { persist: false }).data ?? [];
  const productOptions =
    useCachedQuery(myId ? `vendor-orders:products:${myId}` : null, () => fetchDistinctProducts(myId), { persist: false }).data ?? [];
  const filter = { page, limit: PAGE_SIZE, customer, product, startDate, endDate, ref, search };
  // the current page stays (dimmed) while the next one loads
  const q = useCachedQuery(`vendor-orders?${JSON.stringify(filter)}`, () => fetchVendorOrders(filter), {
    persist: false,
    keepPrevious: true,
  });
  // this shop's order events (a new order, a delivery, a deletion) reload the page shown
  useLiveOrders(() => true, q.refresh);
  const data = q.data ?? null;
  const loading = q.refreshing;
  // fewer pages than the one shown (the list shrank): go to the last
  if (data && !loading && data.totalPages > 0 && page > data.totalPages) setPage(data.totalPages);

  const filtered = !!(customer || product || startDate || endDate || refTyped || searchTyped);
  const resetPage =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };

  // the customer and product filters
  const choices = [
    {
      label: t('colCustomer'),
      placeholder: t('allCustomers'),
      data: [
        { value: WALK_IN_CUSTOMER, label: t('walkInCustomer') },
        ...customers.map((c) => ({ value: c._id, label: c.email ? `${c.name} (${c.email})` : c.name })),
      ],
      value: customer,
      set: setCustomer,
      nothingFoundMessage: t('noCustomers'),
    },
    {
      label: t('product'),
      placeholder: t('allProducts'),
      data: productOptions.map((p) => ({ value: p.productId, label: p.name })),
      value: product,
      set: setProduct,
      nothingFoundMessage: t('noProducts'),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('vendorOrders')}</Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={{ base: '100%', md: 736 }}>
        <OrderRefSearch value={refTyped} onChange={resetPage(setRefTyped)} />
        <TextInput
          type="search"
          label={t('searchCustomer')}
          placeholder={t('searchCustomerPlaceholder')}
          value={searchTyped}
          onChange={(e) => resetPage(setSearchTyped)(e.currentTarget.value)}
          data-testid="search-customer"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {choices.map(({ set, ...choice }) => (
          <Select key={choice.label} {...choice} onChange={resetPage(set)} clearable searchable />
        ))}
        <DateRange
          from={startDate}
          to={endDate}
          onFrom={resetPage(setStartDate)}
          onTo={resetPage(setEndDate)}
          labels={[t('startDate'), t('endDate')]}
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
              setRefTyped('');
              setSearchTyped('');
              setPage(1);
            }}
          >
            {t('clearFilters')}
          </Button>
        </Group>
      )}

      {/* a page that failed to load says so, not the one before it (kept while the next loads) */}
      <QueryView
        query={q}
        data={q.error ? null : data}
        failed={msg.ordersLoadFailed}
        empty={(d) => d.orders.length === 0 && <Alert color="gray">{msg.noOrdersFound}</Alert>}
        loader={<Skeleton h={300} radius="md" />}
      >
        {(data) => (
          <div style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <Text fw={700} mb="xs" data-testid="period-total" aria-live="polite">
              {data.total === 1
                ? t('periodTotalOne', { amount: formatRupees(data.periodTotal) })
                : t('periodTotal', { n: data.total, amount: formatRupees(data.periodTotal) })}
            </Text>
            {wide ? <OrdersTable orders={data.orders} x={x} /> : <OrderCards orders={data.orders} x={x} />}
          </div>
        )}
      </QueryView>

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
            getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('pageN', { n: p }), 'aria-current': p === page ? 'page' : undefined })}
          />
        </Center>
      )}
    </Stack>
  );
}
