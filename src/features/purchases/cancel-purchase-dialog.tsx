import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { CANCEL_REASON_MAX } from '../../../core/purchase';
import type { PurchaseDto } from '../../../core/schemas/purchase';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { codedText, useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { cancelPurchase } from './purchases-api';
import classes from './purchases.module.css';

const schema = () => import('../../../core/schemas/purchase').then((m) => m.cancelPurchaseSchema);

interface Props {
  purchase: PurchaseDto;
  onClose: () => void;
  onCancelled: (purchase: PurchaseDto) => void;
}

/** "Cancel bill": asks why, then takes the goods back out of stock (refused when they are already sold). */
export default function CancelPurchaseDialog({ purchase, onClose, onCancelled }: Props) {
  const t = useT('purchases');
  const msg = useMsg();
  const form = useSchemaForm({ schema, initial: { reason: '' } });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      const res = await cancelPurchase(purchase._id, checked.data.reason);
      notifications.show({ color: 'green', message: codedText({ code: 'purchaseCancelled' }) ?? res.message });
      onCancelled(res.purchase);
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, msg.somethingWrong));
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('cancelTitle')} centered>
      <form onSubmit={submit} noValidate ref={form.formRef} className={classes.touch}>
        <Stack gap="sm">
          <Text size="sm">{t('cancelHint')}</Text>
          <Textarea
            label={t('reason')}
            value={form.values.reason}
            onChange={(e) => form.set('reason', e.currentTarget.value)}
            error={form.error('reason')}
            maxLength={CANCEL_REASON_MAX}
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
              {t('keepBill')}
            </Button>
            <Button type="submit" color="red" loading={saving}>
              {t('confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
