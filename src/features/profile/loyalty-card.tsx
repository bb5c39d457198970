import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LoyaltySettings } from '../../../core/schemas/loyalty';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchLoyaltySettings, LOYALTY_SETTINGS, saveLoyaltySettings } from '../../data/loyalty';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';

const schema = () => import('../../../core/schemas/loyalty').then((m) => m.loyaltySettingsSchema);

/** A number field's value as the request has it: blank is null (that half is off). */
const orNull = (v: string | number) => (v === '' || v === null ? null : Number(v));

/**
 * The shop's loyalty points (PUT /api/shop/loyalty; the owner): points earned per ₹100 paid and what a
 * point takes off a bill. A blank field turns that half off. The counter keeps them (LOYALTY_SETTINGS).
 */
export default function LoyaltyCard() {
  const t = useT('profile');
  const q = useCachedQuery(LOYALTY_SETTINGS, fetchLoyaltySettings);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="loyalty-card">
      <Title order={4}>{t('loyaltyTitle')}</Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('loyaltyHint')}
      </Text>
      {q.data ? (
        <LoyaltyForm settings={q.data} onSaved={(s) => q.mutate(() => s)} />
      ) : q.error ? (
        <Alert color="red">{t('loyaltyLoadFailed')}</Alert>
      ) : (
        <Skeleton h={90} radius="md" />
      )}
    </Card>
  );
}

function LoyaltyForm({ settings, onSaved }: { settings: LoyaltySettings; onSaved: (s: LoyaltySettings) => void }) {
  const t = useT('profile');
  const form = useSchemaForm({ schema, initial: settings });
  const { values, set } = form;
  const save = form.submit(async (body) => {
    const saved = await saveLoyaltySettings(body);
    onSaved(saved);
    notifications.show({ color: 'green', message: t('loyaltySaved') });
  });
  const example =
    values.pointsPer100 && values.rupeesPerPoint
      ? t('loyaltyExample', { points: values.pointsPer100 * 10, worth: (values.pointsPer100 * 10 * values.rupeesPerPoint).toFixed(2) })
      : t('loyaltyOff');
  return (
    <form onSubmit={save} noValidate ref={form.formRef}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label={t('loyaltyPointsPer100')}
          description={t('loyaltyBlankOff')}
          allowDecimal={false}
          allowNegative={false}
          min={1}
          max={1000}
          value={values.pointsPer100 ?? ''}
          onChange={(v) => set('pointsPer100', orNull(v))}
          error={form.error('pointsPer100')}
          data-testid="loyalty-points-per-100"
        />
        <NumberInput
          label={t('loyaltyRupeesPerPoint')}
          description={t('loyaltyBlankOff')}
          prefix="₹"
          decimalScale={2}
          fixedDecimalScale
          allowNegative={false}
          min={0.01}
          max={100}
          value={values.rupeesPerPoint ?? ''}
          onChange={(v) => set('rupeesPerPoint', orNull(v))}
          error={form.error('rupeesPerPoint')}
          data-testid="loyalty-rupees-per-point"
        />
      </SimpleGrid>
      <Text size="sm" mt="sm" data-testid="loyalty-example">
        {example}
      </Text>
      {form.banner && (
        <Alert color="red" mt="sm" role="alert">
          {form.banner}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" variant="light" mih={44} loading={form.saving} data-testid="save-loyalty">
          {t('loyaltySave')}
        </Button>
      </Group>
    </form>
  );
}
