import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CustomerDto } from '../../../core/schemas/customer';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useT } from '../../lib/i18n';
import { fetchCustomers, matchCustomers, SHOP_CUSTOMERS } from '../../lib/shop-customers';
import { useCachedQuery } from '../../lib/use-cached-query';
import { BalanceText } from './balance-text';

const CustomerFormDialog = lazy(() => import('./customer-form-dialog'));

function CustomerRow({ c }: { c: CustomerDto }) {
  const t = useT('customers');
  return (
    <Card
      component={Link}
      to={`/customers/${c._id}`}
      withBorder
      radius="md"
      padding="sm"
      data-testid="customer-row"
      aria-label={t('open', { name: c.name })}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} lineClamp={1}>
            {c.name}
          </Text>
          <Text size="sm" c="dimmed">
            {c.phone}
            {c.gstin ? ` · ${c.gstin}` : ''}
          </Text>
        </div>
        <BalanceText balance={c.balance} />
      </Group>
    </Card>
  );
}

/** /customers: the shop's customers, searched by name or phone, with their balances; Add customer. */
export default function CustomersPage() {
  const t = useT('customers');
  const navigate = useNavigate();
  const q = useCachedQuery(SHOP_CUSTOMERS, () => fetchCustomers(), { refetchOnSync: true });
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const rows = useMemo(() => {
    const all = q.data ?? [];
    return text.trim() ? matchCustomers(all, text, 200) : [...all].sort((a, b) => a.name.localeCompare(b.name));
  }, [q.data, text]);

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Group justify="space-between" align="center">
        <Title order={2}>{t('customers')}</Title>
        <Group gap="xs">
          <Button component={Link} to="/customers/dues" variant="default">
            {t('dues')}
          </Button>
          <Button onClick={() => setAdding(true)}>{t('addCustomer')}</Button>
        </Group>
      </Group>
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      <TextInput label={t('search')} value={text} onChange={(e) => setText(e.currentTarget.value)} type="search" autoComplete="off" />
      {q.error && !q.data ? (
        <Alert color="red" title={t('loadFailed')}>
          <Button size="xs" variant="white" color="red" onClick={q.refresh}>
            {t('retry')}
          </Button>
        </Alert>
      ) : !q.data ? (
        <Skeleton h={160} radius="md" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{text.trim() ? t('noMatch') : t('noCustomers')}</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((c) => (
            <CustomerRow key={c._id} c={c} />
          ))}
        </Stack>
      )}
      {adding && (
        <Suspense fallback={null}>
          <CustomerFormDialog
            onClose={() => setAdding(false)}
            onSaved={(c) => {
              setAdding(false);
              q.mutate((list) => [...(list ?? []).filter((x) => x._id !== c._id), c]);
              navigate(`/customers/${c._id}`);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
