import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { PurchaseOrderDto } from '../../../core/schemas/purchase-order';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { closePurchaseOrder } from './purchase-orders-api';

/** Asks before closing an order whose rest will not come, with an optional reason; answers the closed order. */
export default function CloseOrderDialog(props: { po: PurchaseOrderDto; onClose: () => void; onClosed: (po: PurchaseOrderDto) => void }) {
  const t = useT('purchase-orders');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const close = async () => {
    setBusy(true);
    try {
      props.onClosed(await closePurchaseOrder(props.po._id, reason));
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('closeFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={t('closeTitle')} centered>
      <Text size="sm" mb="sm">
        {t('closeHint')}
      </Text>
      <TextInput label={t('closeReason')} size="md" value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" size="md" onClick={props.onClose}>
          {t('cancel')}
        </Button>
        <Button color="red" size="md" loading={busy} onClick={() => void close()} data-testid="po-close-confirm">
          {t('closeConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}
