import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatRupees } from '../../../core/money';
import { SCALE_ITEM_DIGITS, SCALE_PREFIXES, scaleExample, valueDigits } from '../../../core/scale-barcode';
import type { ScaleLayoutDto } from '../../../core/schemas/scale-barcode';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchScaleLayout, saveScaleLayout, SCALE_LAYOUT } from '../../data/scale-layout';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useUnitText } from '../../lib/unit-text';

const schema = () => import('../../../core/schemas/scale-barcode').then((m) => m.scaleLayoutSchema);

/**
 * The shop's scale labels (PUT /api/shop/scale-barcode; the owner and a manager): the prefix, the item
 * code's digits and whether the value is the weight or the price, with a label read as the counter
 * reads it. The layout is the one the counter keeps on the device (SCALE_LAYOUT).
 */
export default function ScaleLabelsCard() {
  const t = useT('profile');
  const q = useCachedQuery(SCALE_LAYOUT, fetchScaleLayout);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="scale-labels-card">
      <Title order={4}>{t('scaleLabels')}</Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('scaleLabelsHint')}
      </Text>
      {q.data ? (
        <ScaleLayoutForm layout={q.data} onSaved={(l) => q.mutate(() => l)} />
      ) : q.error ? (
        <Alert color="red">{t('scaleLabelsLoadFailed')}</Alert>
      ) : (
        <Skeleton h={120} radius="md" />
      )}
    </Card>
  );
}

function ScaleLayoutForm({ layout, onSaved }: { layout: ScaleLayoutDto; onSaved: (layout: ScaleLayoutDto) => void }) {
  const t = useT('profile');
  const units = useUnitText();
  // a weight as scales print it, to the gram: "1.250 kg"
  const kg = (grams: number) => `${(grams / 1000).toFixed(3)} ${units.name('kg')}`;
  const form = useSchemaForm({ schema, initial: layout });
  const { values, set } = form;
  const save = form.submit(async (body) => {
    const { message, code: _code, ...saved } = await saveScaleLayout(body);
    onSaved(saved);
    notifications.show({ color: 'green', message });
  });
  const example = scaleExample(values);
  const digits = valueDigits(values);
  const largest = 10 ** digits - 1;
  return (
    <form onSubmit={save} noValidate ref={form.formRef}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect
          label={t('scalePrefix')}
          data={[...SCALE_PREFIXES]}
          value={values.prefix}
          onChange={(e) => set('prefix', e.currentTarget.value as ScaleLayoutDto['prefix'])}
          error={form.error('prefix')}
        />
        <NativeSelect
          label={t('scaleItemDigits')}
          data={SCALE_ITEM_DIGITS.map(String)}
          value={String(values.itemDigits)}
          onChange={(e) => set('itemDigits', Number(e.currentTarget.value))}
          error={form.error('itemDigits')}
        />
        <NativeSelect
          label={t('scaleValue')}
          data={[
            { value: 'weight', label: t('scaleWeight') },
            { value: 'price', label: t('scalePrice') },
          ]}
          value={values.value}
          onChange={(e) => set('value', e.currentTarget.value as ScaleLayoutDto['value'])}
          error={form.error('value')}
        />
      </SimpleGrid>
      <Text size="sm" mt="sm" ff="monospace" data-testid="scale-example">
        {values.value === 'weight'
          ? t('scaleExampleWeight', { code: example.code, item: example.item, weight: kg(example.value) })
          : t('scaleExamplePrice', { code: example.code, item: example.item, price: formatRupees(example.value / 100) })}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t('scaleValueLimit', { n: digits, max: values.value === 'weight' ? kg(largest) : formatRupees(largest / 100) })}
      </Text>
      {form.banner && (
        <Alert color="red" mt="sm" role="alert">
          {form.banner}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" variant="light" mih={44} loading={form.saving} data-testid="save-scale-labels">
          {t('saveScaleLabels')}
        </Button>
      </Group>
    </form>
  );
}
