import { Button, Skeleton, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CustomerDto } from '../../../core/schemas/customer';
import { LinkRow } from '../../components/link-row';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useT } from '../../lib/i18n';
import { fetchCustomers, matchCustomers, SHOP_CUSTOMERS } from '../../data/shop-customers';
import { useCachedQuery } from '../../data/use-cached-query';
import { BalanceText } from './balance-text';

const CustomerFormDialog = lazy(() => import('./customer-form-dialog'));

function CustomerRow({ c }: { c: CustomerDto }) {
  const t = useT('customers');
  return (
    <LinkRow
      to={`/customers/${c._id}`}
      label={t('open', { name: c.name })}
      testId="customer-row"
      title={c.name}
      detail={c.gstin ? `${c.phone} · ${c.gstin}` : c.phone}
      aside={<BalanceText balance={c.balance} />}
    />
  );
}

/** /customers: the shop's customers, searched by name or phone, with their balances; Add customer. */
export default function CustomersPage() {
  const t = useT('customers');
  const navigate = useNavigate();
  const q = useCachedQuery(SHOP_CUSTOMERS, () => fetchCustomers(), { refetchOnSync: true });
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const rows = useMemo(
    () => q.data && (text.trim() ? matchCustomers(q.data, text, 200) : [...q.data].sort((a, b) => a.name.localeCompare(b.name))),
    [q.data, text],
  );

  return (
    <Stack gap="md" maw={900} mx="auto">
      <PageHeader title={t('customers')} mb={0}>
        <Button component={Link} to="/customers/dues" variant="default">
          {t('dues')}
        </Button>
        <Button onClick={() => setAdding(true)}>{t('addCustomer')}</Button>
      </PageHeader>
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      <TextInput label={t('search')} value={text} onChange={(e) => setText(e.currentTarget.value)} type="search" autoComplete="off" />
      <QueryView
        query={q}
        data={rows}
        failed={t('loadFailed')}
        loader={<Skeleton h={160} radius="md" />}
        empty={text.trim() ? t('noMatch') : t('noCustomers')}
      >
        {(rows) => (
          <Stack gap="xs">
            {rows.map((c) => (
              <CustomerRow key={c._id} c={c} />
            ))}
          </Stack>
        )}
      </QueryView>
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
