import { Button, CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { formatRupees } from '../../../core/money';
import { isTenDigitPhone } from '../../../core/phone';
import type { CustomerDto } from '../../../core/schemas/customer';
import { formatSavedTime } from '../../components/saved-data-badge';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { addCustomer, fetchCustomers, matchCustomers, SHOP_CUSTOMERS } from '../../data/shop-customers';
import { useCachedQuery } from '../../data/use-cached-query';

interface Props {
  customer: CustomerDto | null;
  onChange: (c: CustomerDto | null) => void;
}

/**
 * The sale's customer at the counter: typing phone digits (or a name) finds the shop's customer in
 * the list saved on this device; when none matches, "New customer" adds one from two fields. The
 * chosen customer shows their balance, "as of" the last sync when the list is a saved copy.
 */
export default function CustomerField({ customer, onChange }: Props) {
  const t = useT('shop-order');
  const msg = useMsg();
  const q = useCachedQuery(SHOP_CUSTOMERS, () => fetchCustomers(), { refetchOnSync: true });
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [saving, setSaving] = useState(false);
  const matches = useMemo(() => matchCustomers(q.data ?? [], text), [q.data, text]);
  // the chosen customer as the saved list has it now (its balance refreshed after a sync)
  const shown = customer ? (q.data?.find((c) => c._id === customer._id) ?? customer) : null;
  const stale = q.offline || q.fromCache;

  const startNew = () => {
    const digits = text.replace(/\D/g, '');
    setPhone(/^\d+$/.test(text.trim()) ? digits : '');
    setName(/^\d+$/.test(text.trim()) ? '' : text.trim());
    setAdding(true);
  };

  const save = async () => {
    if (!name.trim() || !isTenDigitPhone(phone)) return;
    setSaving(true);
    try {
      const { customer: made, queued } = await addCustomer({ name: name.trim(), phone });
      q.mutate((list) => [...(list ?? []).filter((c) => c._id !== made._id), made]);
      onChange(made);
      notifications.show({
        color: queued ? 'yellow' : 'green',
        message: t(queued ? 'customerQueued' : 'customerAdded', { name: made.name }),
      });
      setAdding(false);
      setText('');
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, msg.createOrderFailed) });
    } finally {
      setSaving(false);
    }
  };

  if (shown) {
    const balance = formatRupees(shown.balance);
    return (
      <Paper withBorder radius="md" p="sm" data-testid="sale-customer">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} lineClamp={1}>
              {shown.name} · {shown.phone}
            </Text>
            <Text size="sm" c={shown.balance > 0 ? 'orange.9' : 'dimmed'} data-testid="sale-customer-balance">
              {stale && q.savedAt
                ? t('balanceAsOf', { amount: balance, time: formatSavedTime(q.savedAt) })
                : t('balanceDue', { amount: balance })}
              {shown.creditLimit !== null ? ` · ${t('creditLimitShort', { amount: formatRupees(shown.creditLimit) })}` : ''}
            </Text>
          </div>
          <CloseButton aria-label={t('removeCustomer')} onClick={() => onChange(null)} />
        </Group>
      </Paper>
    );
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={t('customerSearch')}
        // the hint in the box itself: a line less on the counter
        placeholder={t('customerSearchHint')}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setAdding(false);
        }}
        autoComplete="off"
        data-testid="customer-search"
      />
      {text.trim() && !adding && (
        <Group gap="xs">
          {matches.map((c) => (
            <Button key={c._id} variant="light" size="sm" onClick={() => onChange(c)} aria-label={t('chooseCustomer', { name: c.name })}>
              {c.name} · {c.phone}
            </Button>
          ))}
          {matches.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('noCustomerMatch')}
            </Text>
          )}
          <Button variant="default" size="sm" onClick={startNew} data-testid="new-customer">
            + {t('newCustomer')}
          </Button>
        </Group>
      )}
      {adding && (
        <Group align="flex-end" gap="sm">
          <TextInput label={t('newCustomerName')} required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} />
          <TextInput
            label={t('newCustomerPhone')}
            required
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
            inputMode="tel"
            error={phone && !isTenDigitPhone(phone) ? msg.invalidPhone : undefined}
          />
          <Button onClick={save} loading={saving} disabled={!name.trim() || !isTenDigitPhone(phone)}>
            {t('addCustomer')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
