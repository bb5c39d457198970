import { Alert, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatRupees } from '../../../core/money';
import { AmountInput } from '../../components/amount-input';
import { TamilReady } from '../../components/tamil-ready';
import { SHIFT_AMOUNT_MAX_RUPEES } from '../../../core/shift';
import type { TillState } from '../../../core/till';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSession } from '../../stores/session';
import { openShift } from './shift-outbox';
import { ShiftResult } from './shift-result';
import type { ClosedShift } from './shift-store';

const schema = () => import('../../../core/schemas/shift').then((m) => m.openShiftSchema);

/**
 * In place of the sale at a till with no open shift: the float counted into the drawer (the last shift's
 * float to start with), and Open shift. It works offline: the shift is saved on the device and sent from the
 * outbox, and the counter sells at once. The last shift closed here stays at hand with its report.
 */
export default function OpenShiftPrompt({ till, lastFloat, closed }: { till: TillState; lastFloat: number; closed: ClosedShift | null }) {
  const t = useT('shift');
  const name = useSession((s) => s.userInfo?.name ?? '');
  const when = useDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const form = useSchemaForm({
    schema,
    initial: { float: lastFloat as number | '' },
    toInput: (v) => ({ deviceId: till.deviceId, float: v.float === '' ? undefined : v.float }),
  });
  const open = form.submit(async ({ float }) => {
    const server = await openShift(till, float, name);
    notifications.show({
      color: server ? 'green' : 'yellow',
      message: t(server ? 'opened' : 'openedQueued', { amount: formatRupees(float) }),
    });
  }, t('openFailed'));

  return (
    <TamilReady text={till.name}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={560} mx="auto" w="100%" data-testid="open-shift">
        <form onSubmit={open} noValidate ref={form.formRef}>
          <Stack gap="sm">
            <Title order={3} fz={{ base: 'h4', sm: 'h3' }}>
              {t('openTitle')}
            </Title>
            <Text size="sm">{t('openIntro', { till: till.name })}</Text>
            <AmountInput
              label={t('float')}
              description={lastFloat > 0 ? t('floatHint', { amount: formatRupees(lastFloat) }) : undefined}
              value={form.values.float}
              onChange={(v) => form.set('float', v)}
              error={form.error('float')}
              min={0}
              max={SHIFT_AMOUNT_MAX_RUPEES}
              hideControls
              leftSection="₹"
              size="md"
              data-autofocus
              autoFocus
              data-testid="shift-float"
            />
            {form.banner && (
              <Alert color="red" role="alert">
                {form.banner}
              </Alert>
            )}
            <Button
              type="submit"
              size="md"
              mih={48}
              loading={form.saving}
              disabled={form.values.float === ''}
              data-testid="open-shift-submit"
            >
              {t('openShift')}
            </Button>
            {closed && (
              <>
                <Divider my={4} />
                <Text size="sm" fw={700}>
                  {t('lastShift', { at: when.format(new Date(closed.shift.closedAt ?? Date.now())) })}
                </Text>
                <ShiftResult closed={closed} />
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </TamilReady>
  );
}
