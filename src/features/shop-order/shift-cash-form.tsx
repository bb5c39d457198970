import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatRupees } from '../../../core/money';
import { SHIFT_AMOUNT_MAX_RUPEES, SHIFT_TEXT_MAX } from '../../../core/shift';
import { AmountInput } from '../../components/amount-input';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { recordShiftCash } from './shift-outbox';
import type { OpenShift } from './shift-store';

const schema = () => import('../../../core/schemas/shift').then((m) => m.shiftCashSchema);

/** Pay in or Pay out: cash put in or taken from the drawer, with why; queued and sent once, offline too. */
export default function ShiftCashForm({ shift, kind, onDone }: { shift: OpenShift; kind: 'in' | 'out'; onDone: () => void }) {
  const t = useT('shift');
  const form = useSchemaForm({
    schema,
    initial: { amount: '' as number | '', reason: '' },
    toInput: (v) => ({ kind, amount: v.amount === '' ? undefined : v.amount, reason: v.reason }),
  });
  const save = form.submit(async ({ amount, reason }) => {
    const server = await recordShiftCash(shift, kind, amount, reason);
    const what = { kind: t(kind === 'in' ? 'payIn' : 'payOut'), amount: formatRupees(amount) };
    notifications.show({ color: server ? 'green' : 'yellow', message: t(server ? 'cashSaved' : 'cashQueued', what) });
    onDone();
  }, t('cashFailed'));

  return (
    <form onSubmit={save} noValidate ref={form.formRef} data-testid="shift-cash-form">
      <Stack gap="sm">
        <Text fw={700}>{t(kind === 'in' ? 'payInTitle' : 'payOutTitle')}</Text>
        <AmountInput
          label={t('amount')}
          value={form.values.amount}
          onChange={(v) => form.set('amount', v)}
          error={form.error('amount')}
          max={SHIFT_AMOUNT_MAX_RUPEES}
          leftSection="₹"
          hideControls
          size="md"
          data-autofocus
          autoFocus
          data-testid="shift-cash-amount"
        />
        <TextInput
          label={t('reason')}
          placeholder={t('reasonHint')}
          value={form.values.reason}
          onChange={(e) => form.set('reason', e.currentTarget.value)}
          error={form.error('reason')}
          maxLength={SHIFT_TEXT_MAX}
          size="md"
          required
          data-testid="shift-cash-reason"
        />
        {form.banner && (
          <Alert color="red" role="alert">
            {form.banner}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onDone}>
            {t('back')}
          </Button>
          <Button type="submit" mih={44} loading={form.saving} disabled={form.values.amount === ''} data-testid="shift-cash-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
