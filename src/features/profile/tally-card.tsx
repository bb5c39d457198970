import { Alert, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { istDay } from '../../../core/dates';
import { TALLY_RATES, type TallyLedgers } from '../../../core/schemas/tally';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { toastError } from '../../lib/toast-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { downloadTally, fetchTallyLedgers, saveTallyLedgers, TALLY_LEDGERS } from './tally-api';

const schema = () => import('../../../core/schemas/tally').then((m) => m.tallyLedgersSchema);

/**
 * The shop's books for Tally (docs/tally.md; the owner and managers): a period exported as Tally's XML
 * import file, and the ledger names of the shop's Tally company the file uses.
 */
export default function TallyCard() {
  const t = useT('profile');
  const q = useCachedQuery(TALLY_LEDGERS, fetchTallyLedgers);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tally-card">
      <Title order={4}>{t('tally')}</Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('tallyHint')}
      </Text>
      <ExportForm />
      <Divider my="md" />
      <Title order={5}>{t('tallyLedgers')}</Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('tallyLedgersHint')}
      </Text>
      {q.data ? (
        <LedgersForm ledgers={q.data.ledgers} onSaved={(ledgers) => q.mutate(() => ({ ledgers, saved: true }))} />
      ) : q.error ? (
        <Alert color="red">{t('tallyLoadFailed')}</Alert>
      ) : (
        <Skeleton h={160} radius="md" />
      )}
    </Card>
  );
}

/** From the 1st of this month to today, India time, unless changed. */
function ExportForm() {
  const t = useT('profile');
  const today = istDay();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadTally(from, to);
    } catch (err) {
      toastError(t('tallyExportFailed'))(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput type="date" label={t('tallyFrom')} value={from} max={to} onChange={(e) => setFrom(e.currentTarget.value)} />
      <TextInput type="date" label={t('tallyTo')} value={to} min={from} onChange={(e) => setTo(e.currentTarget.value)} />
      <Button mih={44} loading={busy} disabled={!from || !to} onClick={() => void download()} data-testid="tally-export">
        {t('tallyExport')}
      </Button>
    </Group>
  );
}

type NameKey = Exclude<keyof TallyLedgers, 'company'>;
const TAX_FIELDS = [
  ['outputCgst', 'tallyOutputCgst'],
  ['outputSgst', 'tallyOutputSgst'],
  ['outputIgst', 'tallyOutputIgst'],
  ['inputCgst', 'tallyInputCgst'],
  ['inputSgst', 'tallyInputSgst'],
  ['inputIgst', 'tallyInputIgst'],
  ['cash', 'tallyCash'],
  ['bank', 'tallyBank'],
  ['roundOff', 'tallyRoundOff'],
] as const;

function LedgersForm({ ledgers, onSaved }: { ledgers: TallyLedgers; onSaved: (l: TallyLedgers) => void }) {
  const t = useT('profile');
  const form = useSchemaForm({ schema, initial: ledgers });
  const { values, set } = form;
  const save = form.submit(async (body) => {
    const saved = await saveTallyLedgers(body);
    onSaved(saved.ledgers);
    notifications.show({ color: 'green', message: t('tallySaved') });
  });
  const field = (key: NameKey, label: string) => (
    <TextInput
      key={key}
      label={label}
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={form.error(key)}
      spellCheck={false}
      data-testid={`tally-${key}`}
    />
  );
  return (
    <form onSubmit={save} noValidate ref={form.formRef}>
      <Stack gap="sm">
        <TextInput
          label={t('tallyCompany')}
          value={values.company}
          onChange={(e) => set('company', e.currentTarget.value)}
          error={form.error('company')}
          spellCheck={false}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {TALLY_RATES.map((rate) => field(`sales${rate}`, t('tallySalesAt', { rate })))}
          {TALLY_RATES.map((rate) => field(`purchase${rate}`, t('tallyPurchaseAt', { rate })))}
          {TAX_FIELDS.map(([key, label]) => field(key, t(label)))}
        </SimpleGrid>
        {form.banner && (
          <Alert color="red" role="alert">
            {form.banner}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" variant="light" mih={44} loading={form.saving} data-testid="tally-save">
            {t('tallySave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
