import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MAX_PACKS, PACK_NAME_MAX } from '../../../core/packs';
import { isDecimalUnit } from '../../../core/units';
import { useT } from '../../lib/i18n';
import type { PackValues } from './product-values';
import type { ProductForm } from './use-product-form';

const NEW_PACK: PackValues = { name: '', factor: '', barcode: '', price: '' };

/**
 * The product's packs (bag, carton, strip): each holds a number of the product's unit, may have its
 * own barcode (a scan at the counter sells the pack) and its own price (blank: that many × the shop price).
 */
export function PacksEditor({ form }: { form: ProductForm }) {
  const t = useT('vendor-products');
  const { values, set } = form;
  const unit = t(`unitShort_${values.unit}`);
  const packs = values.packs;
  const change = (i: number, key: keyof PackValues, value: string) =>
    set(
      'packs',
      packs.map((p, j) => (j === i ? { ...p, [key]: value } : p)),
    );
  return (
    <Stack gap="xs" data-testid="packs-editor">
      <div>
        <Text fw={600} size="sm">
          {t('packs')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('packsHint', { unit })}
        </Text>
      </div>
      {packs.map((p, i) => (
        <Paper key={i} withBorder radius="sm" p="xs" data-testid="pack-row">
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" style={{ flex: 1 }}>
              <TextInput
                label={t('packName')}
                placeholder={t('packNamePlaceholder')}
                value={p.name}
                maxLength={PACK_NAME_MAX}
                onChange={(e) => change(i, 'name', e.currentTarget.value)}
                error={form.error(`packs.${i}.name`)}
              />
              <TextInput
                label={t('packFactor', { unit })}
                inputMode={isDecimalUnit(values.unit) ? 'decimal' : 'numeric'}
                value={String(p.factor)}
                onChange={(e) => change(i, 'factor', e.currentTarget.value)}
                error={form.error(`packs.${i}.factor`)}
              />
              <TextInput
                label={t('packPrice')}
                placeholder={t('packPriceAuto')}
                leftSection="₹"
                inputMode="decimal"
                value={String(p.price)}
                onChange={(e) => change(i, 'price', e.currentTarget.value)}
                error={form.error(`packs.${i}.price`)}
              />
              <TextInput
                label={t('packBarcode')}
                value={p.barcode}
                onChange={(e) => change(i, 'barcode', e.currentTarget.value)}
                error={form.error(`packs.${i}.barcode`)}
              />
            </SimpleGrid>
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={t('removePackN', { n: i + 1 })}
              onClick={() =>
                set(
                  'packs',
                  packs.filter((_, j) => j !== i),
                )
              }
            >
              ✕
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {packs.length < MAX_PACKS && (
        <Group>
          <Button variant="light" size="xs" onClick={() => set('packs', [...packs, NEW_PACK])} data-testid="add-pack">
            {t('addPack')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
