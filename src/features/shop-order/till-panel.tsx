import { Alert, Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { financialYear, invoiceNumber, invoiceSeries } from '../../../core/invoice';
import { DEVICE_NAME_MAX } from '../../../core/schemas/device';
import { tillHead, tillPrefix, type TillState } from '../../../core/till';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useOfflineStatus } from '../../offline/status';
import { registerTill, retireTill } from './till-numbers';
import { readTill } from './till-store';

const schema = () => import('../../../core/schemas/device').then((m) => m.createDeviceSchema);

/** A long label (Tamil on a phone) wraps inside its button instead of being cut. */
const WRAP = { h: 'auto', py: 8, styles: { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } } };

/** The till dialog: register this device as a till of the vendor, see its series and numbers left, or stop using it. */
export default function TillPanel({ userId, onChange }: { userId: string; onChange: (till: TillState | null) => void }) {
  const t = useT('shop-order');
  const online = useOfflineStatus((s) => s.online);
  const [till, setTill] = useState<TillState | null>(() => readTill(userId));
  const form = useSchemaForm({ schema, initial: { name: '' } });
  const [busy, setBusy] = useState(false);
  const fy = financialYear(new Date());

  const changed = (next: TillState | null) => {
    setTill(next);
    onChange(next);
  };

  // the dialog is a portal inside the sale's form: the kit's submit stops here, never reaching the sale
  const register = form.submit(async ({ name }) => {
    const made = await registerTill(userId, name);
    changed(made);
    notifications.show({ color: 'green', message: t('tillRegistered', { series: tillHead(made.prefix) }) });
  }, t('tillFailed'));

  const retire = async () => {
    if (!till) return;
    const { confirm } = await import('../../components/confirm');
    if (
      !(await confirm(t('tillRetireConfirm', { series: tillHead(till.prefix) }), { title: t('tillRetire'), confirmLabel: t('tillRetire') }))
    )
      return;
    setBusy(true);
    try {
      await retireTill(userId);
      changed(null);
      notifications.show({ color: 'green', message: t('tillRetired') });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('tillFailed')) });
    } finally {
      setBusy(false);
    }
  };

  if (!till) {
    return (
      <form onSubmit={register} noValidate ref={form.formRef}>
        <Stack gap="sm">
          <Text size="sm">{t('tillIntro', { example: invoiceNumber(invoiceSeries(tillPrefix('MS', 1), fy), 1) })}</Text>
          {!online && <Alert color="yellow">{t('tillOnlineOnly')}</Alert>}
          <TextInput
            label={t('tillName')}
            placeholder={t('tillNameHint')}
            value={form.values.name}
            onChange={(e) => form.set('name', e.currentTarget.value)}
            error={form.error('name')}
            maxLength={DEVICE_NAME_MAX}
            required
            data-testid="till-name"
          />
          {form.banner && (
            <Alert color="red" role="alert">
              {form.banner}
            </Alert>
          )}
          <Button type="submit" loading={form.saving} disabled={!online || !form.values.name.trim()} data-testid="till-register" {...WRAP}>
            {t('tillUse')}
          </Button>
        </Stack>
      </form>
    );
  }

  const rows = till.blocks.filter((b) => b.next <= b.to);
  const series = (y: string) => invoiceSeries(tillHead(till.prefix), y);
  return (
    <Stack gap="sm">
      <Text fw={700} data-testid="till-current">
        {till.name} · {tillHead(till.prefix)}
      </Text>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('tillSeries')}</Table.Td>
            <Table.Td>{series(fy)}</Table.Td>
          </Table.Tr>
          {rows.map((b) => (
            <Table.Tr key={`${b.fy}-${b.next}`}>
              <Table.Td>{b.fy === fy ? t('tillLeft') : t('tillNextYear', { fy: b.fy })}</Table.Td>
              <Table.Td data-testid={b.fy === fy ? 'till-left' : undefined}>
                {t('tillLeftValue', {
                  n: b.to - b.next + 1,
                  from: invoiceNumber(series(b.fy), b.next),
                  to: invoiceNumber(series(b.fy), b.to),
                })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!rows.some((b) => b.fy === fy) && <Alert color="yellow">{t('tillOutOfNumbers')}</Alert>}
      <Button variant="light" color="red" onClick={() => void retire()} loading={busy} disabled={!online} {...WRAP}>
        {t('tillRetire')}
      </Button>
    </Stack>
  );
}
