import { Button, Checkbox, Flex, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatRupees } from '../../../core/money';
import type { AreaOrderCard } from '../../../core/schemas/order';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { customerLabel } from './order-text';
import { orderRef } from '../../../core/order-ref';

/** The cash box's whole row is its target: the label (which ticks it) is at least 44 px high, full width. */
const CASH_ROW = {
  body: { alignItems: 'center' },
  labelWrapper: { flex: 1 },
  label: { minHeight: 44, display: 'flex', alignItems: 'center', cursor: 'pointer' },
} as const;

/**
 * Mark Delivered's confirmation: who and where, the amount, and for an unpaid order whether the
 * rider took it in cash. Confirming hands the choice back; the order can still be undone for 5 s.
 */
export function DeliverDialog({
  order,
  onConfirm,
  onClose,
}: {
  order: AreaOrderCard | null;
  onConfirm: (order: AreaOrderCard, cashCollected: boolean) => void;
  onClose: () => void;
}) {
  const t = useT('delivery');
  const msg = useMsg();
  // the order the cash box was ticked for, cleared as the dialog closes: every opening starts
  // unticked, however soon after the last one (the closing animation may still be running)
  const [cashFor, setCashFor] = useState<string | null>(null);
  const cash = !!order && cashFor === order._id;
  const close = () => {
    setCashFor(null);
    onClose();
  };
  const unpaid = !!order && order.paymentStatus !== 'Paid';
  const amount = order ? formatRupees(order.totalPayable) : '';
  return (
    <Modal
      opened={!!order}
      onClose={close}
      centered
      closeButtonProps={{ size: 44 }}
      title={order ? t('confirmTitle', { n: orderRef(order) }) : ''}
    >
      {order && (
        <Stack gap="md" data-testid="deliver-dialog">
          <Text size="sm">
            {t('confirmBody', { name: customerLabel(order, t('walkInCustomer')), address: order.address || msg.noAddressProvided })}
          </Text>
          <Text fw={700}>{t('totalToCollect', { amount })}</Text>
          {unpaid ? (
            <Checkbox
              label={t('cashCollected', { amount })}
              styles={CASH_ROW}
              checked={cash}
              onChange={(e) => setCashFor(e.currentTarget.checked ? order._id : null)}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('alreadyPaid')}
            </Text>
          )}
          {/* phone: the action full width under Cancel's; wider: side by side, the action last */}
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button variant="default" mih={44} onClick={close}>
              {t('cancel')}
            </Button>
            <Button
              color="green"
              mih={44}
              onClick={() => {
                setCashFor(null);
                onConfirm(order, unpaid && cash);
              }}
              data-autofocus
            >
              {t('markDelivered')}
            </Button>
          </Flex>
        </Stack>
      )}
    </Modal>
  );
}
