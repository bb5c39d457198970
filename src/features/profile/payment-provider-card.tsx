import { Alert, Button, Card, CopyButton, Group, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { PaymentSettingsDto, PaymentSettingsInput } from '../../../core/schemas/payment';
import { confirm } from '../../components/confirm';
import { fetchPaymentProvider, PAYMENT_PROVIDER } from '../../data/payment-provider';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { toastError } from '../../lib/toast-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { razorpayWebhookUrl, removePaymentProvider, savePaymentProvider } from './payment-provider-api';

const schema = () => import('../../../core/schemas/payment').then((m) => m.paymentSettingsInput);

/** The settings as saved, without the answer's note. */
const settingsOf = ({ provider, keyId, configured }: PaymentSettingsDto): PaymentSettingsDto => ({ provider, keyId, configured });

/**
 * The owner's payment provider (docs/decisions/upi-confirmed-by-provider.md): Razorpay's keys entered once
 * (the secrets are never shown again), the webhook address to paste into its dashboard, and turning it off.
 * It reads and writes the setting the counter keeps on the device (PAYMENT_PROVIDER), so the counter
 * follows a change at once.
 */
export default function PaymentProviderCard() {
  const t = useT('profile');
  const q = useCachedQuery(PAYMENT_PROVIDER, fetchPaymentProvider);
  const [replacing, setReplacing] = useState(false);
  const saved = (s: PaymentSettingsDto) => {
    q.mutate(() => settingsOf(s));
    setReplacing(false);
  };
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="payment-provider-card">
      <Title order={4}>{t('upiProvider')}</Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('upiProviderHint')}
      </Text>
      {!q.data ? (
        q.error ? (
          <Alert color="red">{t('upiProviderLoadFailed')}</Alert>
        ) : (
          <Skeleton h={120} radius="md" />
        )
      ) : q.data.configured && !replacing ? (
        <Connected settings={q.data} onReplace={() => setReplacing(true)} onRemoved={saved} />
      ) : (
        <KeysForm onSaved={saved} onCancel={q.data.configured ? () => setReplacing(false) : undefined} />
      )}
    </Card>
  );
}

function Connected({
  settings,
  onReplace,
  onRemoved,
}: {
  settings: PaymentSettingsDto;
  onReplace: () => void;
  onRemoved: (s: PaymentSettingsDto) => void;
}) {
  const t = useT('profile');
  const [removing, setRemoving] = useState(false);
  const url = razorpayWebhookUrl();
  const turnOff = async () => {
    const sure = await confirm(t('upiProviderOffBody'), {
      title: t('upiProviderOffTitle'),
      confirmLabel: t('upiProviderOff'),
      cancelLabel: t('cancel'),
    });
    if (!sure) return;
    setRemoving(true);
    try {
      const { message, ...removed } = await removePaymentProvider();
      onRemoved(removed);
      notifications.show({ color: 'green', message });
    } catch (err) {
      toastError(t('upiProviderOffFailed'))(err);
    } finally {
      setRemoving(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text fw={600} c="green.8" style={{ overflowWrap: 'anywhere' }} data-testid="payment-provider-connected">
        {t('upiProviderConnected', { keyId: settings.keyId ?? '' })}
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {t('upiProviderWebhook')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }} data-testid="payment-webhook-url">
            {url}
          </Text>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="light" mih={44} color={copied ? 'green' : undefined} onClick={copy} data-testid="copy-webhook-url">
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {t('upiProviderWebhookHint')}
        </Text>
      </div>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" mih={44} onClick={onReplace} data-testid="replace-payment-keys">
          {t('upiProviderReplace')}
        </Button>
        <Button variant="light" color="red" mih={44} loading={removing} onClick={() => void turnOff()} data-testid="payment-provider-off">
          {t('upiProviderOff')}
        </Button>
      </Group>
    </Stack>
  );
}

const EMPTY: PaymentSettingsInput = { provider: 'razorpay', keyId: '', keySecret: '', webhookSecret: '' };

function KeysForm({ onSaved, onCancel }: { onSaved: (s: PaymentSettingsDto) => void; onCancel?: () => void }) {
  const t = useT('profile');
  const form = useSchemaForm({ schema, initial: EMPTY });
  const { values, set } = form;
  const save = form.submit(async (body) => {
    const { message, ...saved } = await savePaymentProvider(body);
    onSaved(saved);
    notifications.show({ color: 'green', message });
  });
  return (
    <form onSubmit={save} noValidate ref={form.formRef} autoComplete="off">
      <Stack gap="sm">
        <TextInput
          label={t('upiKeyId')}
          value={values.keyId}
          onChange={(e) => set('keyId', e.currentTarget.value)}
          error={form.error('keyId')}
          autoComplete="off"
          spellCheck={false}
        />
        <PasswordInput
          label={t('upiKeySecret')}
          value={values.keySecret}
          onChange={(e) => set('keySecret', e.currentTarget.value)}
          error={form.error('keySecret')}
          autoComplete="new-password"
        />
        <PasswordInput
          label={t('upiWebhookSecret')}
          value={values.webhookSecret}
          onChange={(e) => set('webhookSecret', e.currentTarget.value)}
          error={form.error('webhookSecret')}
          autoComplete="new-password"
        />
        <Text size="xs" c="dimmed">
          {t('upiKeysOnce')}
        </Text>
        {form.banner && (
          <Alert color="red" role="alert">
            {form.banner}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" mih={44} onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
          <Button type="submit" variant="light" mih={44} loading={form.saving} data-testid="save-payment-keys">
            {t('upiProviderSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
