import { Alert, Button, Divider, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatRupees, toRupees } from '../../../core/money';
import { countedRequestPaise, DENOMINATIONS, NOTE_COUNT_MAX, SHIFT_AMOUNT_MAX_RUPEES, SHIFT_TEXT_MAX } from '../../../core/shift';
import type { TillState } from '../../../core/till';
import { AmountInput } from '../../components/amount-input';
import { SummaryLine } from '../../components/summary-line';
import { useT } from '../../lib/i18n';
import { useFormKeys } from '../../lib/use-form-keys';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSession } from '../../stores/session';
import { countInput, emptyCount, type ShiftFigures } from './shift-figures';
import { closeShift } from './shift-outbox';
import { differenceText } from './shift-result';
import type { OpenShift } from './shift-store';

const schema = () => import('../../../core/schemas/shift').then((m) => m.closeShiftSchema);

/**
 * Close shift: the drawer counted note by note (₹500 to ₹10) and the coins as one amount, with the counted total
 * and its difference from what the drawer should hold as they are typed, and a note. Enter moves to the next
 * count. Sent through the outbox: offline the device works the result out itself.
 */
export default function ShiftCloseForm({
  till,
  shift,
  figures,
  onBack,
}: {
  till: TillState;
  shift: OpenShift;
  figures: ShiftFigures;
  onBack: () => void;
}) {
  const t = useT('shift');
  const user = useSession((s) => s.userInfo);
  const form = useSchemaForm({
    schema,
    initial: () => ({ counted: emptyCount(), note: '' }),
    toInput: (v) => ({ counted: countInput(v.counted), note: v.note }),
  });
  useFormKeys(form.formRef);
  const { counted } = form.values;
  const countedNow = countedRequestPaise(countInput(counted));
  const diff = differenceText(t, toRupees(countedNow - figures.expectedPaise));
  const setCount = (key: keyof typeof counted, v: string | number) =>
    form.setValues((s) => ({ ...s, counted: { ...s.counted, [key]: typeof v === 'number' ? v : '' } }));

  const save = form.submit(async (data) => {
    const closed = await closeShift(
      shift,
      { counted: data.counted, note: data.note ?? '', figures },
      { name: till.name, cashier: { _id: user?.personId ?? user?._id ?? '', name: user?.name ?? '' } },
    );
    notifications.show({ color: closed.provisional ? 'yellow' : 'green', message: t(closed.provisional ? 'closedQueued' : 'closed') });
  }, t('closeFailed'));

  return (
    <form onSubmit={save} noValidate ref={form.formRef} data-testid="shift-close-form">
      <Stack gap="xs">
        {/* Back comes first: Enter moves from the note to Close shift, never onto Back */}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700}>{t('closeTitle')}</Text>
          <Button variant="subtle" mih={44} onClick={onBack} style={{ flexShrink: 0 }}>
            {t('back')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('closeIntro')}
        </Text>
        {DENOMINATIONS.map((d, i) => (
          <Group key={d} gap="xs" wrap="nowrap">
            <Text fw={700} w={52} style={{ flexShrink: 0 }}>
              ₹{d}
            </Text>
            <NumberInput
              aria-label={t('noteCount', { value: d })}
              value={counted[d]}
              onChange={(v) => setCount(d, v)}
              error={form.error(`counted.${d}`)}
              min={0}
              max={NOTE_COUNT_MAX}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              inputMode="numeric"
              size="md"
              style={{ flex: 1, minWidth: 0 }}
              data-autofocus={i === 0 ? true : undefined}
              autoFocus={i === 0}
              data-testid={`count-${d}`}
            />
            <Text size="sm" w={104} ta="right" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              = {formatRupees(Number(d) * (counted[d] || 0))}
            </Text>
          </Group>
        ))}
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <AmountInput
            label={t('coins')}
            value={counted.coins}
            onChange={(v) => setCount('coins', v)}
            error={form.error('counted.coins')}
            required={false}
            min={0}
            max={SHIFT_AMOUNT_MAX_RUPEES}
            hideControls
            leftSection="₹"
            size="md"
            style={{ flex: 1, minWidth: 0 }}
            data-testid="count-coins"
          />
        </Group>
        <Divider my={4} />
        <SummaryLine label={t('counted')} strong value={<span data-testid="close-counted">{formatRupees(toRupees(countedNow))}</span>} />
        <SummaryLine
          label={t('expected')}
          value={<span data-testid="close-expected">{formatRupees(toRupees(figures.expectedPaise))}</span>}
        />
        <SummaryLine
          label={t('difference')}
          strong
          value={
            <Text span fw={800} c={diff.color} data-testid="close-difference">
              {diff.text}
            </Text>
          }
        />
        <TextInput
          label={t('note')}
          placeholder={t('noteHint')}
          value={form.values.note}
          onChange={(e) => form.set('note', e.currentTarget.value)}
          error={form.error('note')}
          maxLength={SHIFT_TEXT_MAX}
          size="md"
          data-testid="close-note"
        />
        {form.banner && (
          <Alert color="red" role="alert">
            {form.banner}
          </Alert>
        )}
        <Button type="submit" color="red" mih={48} mt={4} loading={form.saving} data-testid="close-shift-submit">
          {t('closeShift')}
        </Button>
      </Stack>
    </form>
  );
}
