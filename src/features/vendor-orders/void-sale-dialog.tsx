import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { VOID_REASON_MAX } from '../../../core/sale-void';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { codedText, useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { newUuid } from '../../lib/uuid';
import { type OrderDto, voidSale } from './vendor-orders-api';

const schema = () => import('../../../core/schemas/order').then((m) => m.voidSaleSchema);

interface Props {
  order: OrderDto;
  onClose: () => void;
  /** The order as the server has it once voided. */
  onVoided: (order: OrderDto) => void;
}

/** "Void sale": asks why (3 to 200 characters, the server's schema), then voids the counter sale. */
export default function VoidSaleDialog({ order, onClose, onVoided }: Props) {
  const t = useT('vendor-orders');
  return (
    <Modal opened onClose={onClose} title={t('voidSaleTitle', { n: order.orderNumber })} centered>
      <VoidSaleForm order={order} onClose={onClose} onVoided={onVoided} />
    </Modal>
  );
}

function VoidSaleForm({ order, onClose, onVoided }: Props) {
  const t = useT('vendor-orders');
  const msg = useMsg();
  const form = useSchemaForm({ schema, initial: { reason: '' } });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // one key per dialog: a retry of this void is answered, not run again
  const [key] = useState(newUuid);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      const res = await voidSale(order._id, checked.data.reason, key);
      notifications.show({ color: 'green', message: codedText({ code: 'saleVoided' }) ?? res.message });
      onVoided(res.order);
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, msg.somethingWrong));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate ref={form.formRef}>
      <Stack gap="sm">
        <Text size="sm">{t('voidSaleExplain', { invoice: order.invoiceNumber ?? '-' })}</Text>
        <Textarea
          label={t('voidReason')}
          placeholder={t('voidReasonExample')}
          value={form.values.reason}
          onChange={(e) => form.set('reason', e.currentTarget.value)}
          error={form.error('reason')}
          maxLength={VOID_REASON_MAX}
          autosize
          minRows={2}
          data-autofocus
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('keepSale')}
          </Button>
          <Button type="submit" color="red" loading={saving}>
            {t('voidSale')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
