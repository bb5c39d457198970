import { ActionIcon, Button, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PRICING_NAME_MAX, type PriceListDto, type PriceListInput } from '../../../core/schemas/pricing';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { createPriceList, updatePriceList } from './pricing-api';

interface RuleForm {
  target: 'product' | 'category';
  id: string | null;
  kind: 'price' | 'percent';
  amount: number | string;
  minQuantity: number | string;
}

const fromDto = (l: PriceListDto | null): RuleForm[] =>
  (l?.rules ?? []).map((r) => ({
    target: r.productId ? 'product' : 'category',
    id: r.productId ?? r.categoryId,
    kind: r.price !== null ? 'price' : 'percent',
    amount: r.price ?? r.percentOff ?? '',
    minQuantity: r.minQuantity ?? '',
  }));

const blankRule = (): RuleForm => ({ target: 'product', id: null, kind: 'price', amount: '', minQuantity: '' });

/** The body the API takes; the server checks every field again (core/schemas/pricing.ts). */
const toInput = (name: string, rules: RuleForm[]): PriceListInput => ({
  name,
  rules: rules.map((r) => ({
    ...(r.target === 'product' ? { productId: r.id ?? '' } : { categoryId: r.id ?? '' }),
    ...(r.kind === 'price' ? { price: Number(r.amount) } : { percentOff: Number(r.amount) }),
    ...(r.minQuantity === '' ? {} : { minQuantity: Number(r.minQuantity) }),
  })),
});

/** A price list's name and rules: each for a product or a category, a fixed price or % off, from a quantity on. */
export function PriceListEditor({
  list,
  options,
  onDone,
}: {
  list: PriceListDto | null;
  options: { products: { value: string; label: string }[]; categories: { value: string; label: string }[] };
  onDone: () => void;
}) {
  const t = useT('pricing');
  const [name, setName] = useState(list?.name ?? '');
  const [rules, setRules] = useState<RuleForm[]>(() => (list ? fromDto(list) : [blankRule()]));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (i: number, patch: Partial<RuleForm>) => setRules((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body = toInput(name, rules);
      if (list) await updatePriceList(list._id, body);
      else await createPriceList(body);
      notifications.show({ color: 'green', message: t('saved') });
      onDone();
    } catch (e) {
      setError(errorMessage(e, t('saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="price-list-editor">
      <Stack gap="sm">
        <TextInput
          label={t('listName')}
          value={name}
          maxLength={PRICING_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="price-list-name"
          required
        />
        <Text fw={700}>{t('rules')}</Text>
        {rules.map((r, i) => (
          <Paper key={i} withBorder radius="sm" p="sm" data-testid="price-rule">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <SegmentedControl
                value={r.target}
                onChange={(v) => set(i, { target: v as RuleForm['target'], id: null })}
                data={[
                  { value: 'product', label: t('product') },
                  { value: 'category', label: t('category') },
                ]}
                aria-label={t('target')}
              />
              <Select
                label={r.target === 'product' ? t('product') : t('category')}
                placeholder={r.target === 'product' ? t('chooseProduct') : t('chooseCategory')}
                data={r.target === 'product' ? options.products : options.categories}
                value={r.id}
                onChange={(v) => set(i, { id: v })}
                searchable
                miw={200}
                style={{ flex: 1 }}
                data-testid="rule-target"
              />
              <SegmentedControl
                value={r.kind}
                onChange={(v) => set(i, { kind: v as RuleForm['kind'] })}
                data={[
                  { value: 'price', label: t('fixedPrice') },
                  { value: 'percent', label: t('percentOff') },
                ]}
                aria-label={t('amountKind')}
              />
              <NumberInput
                label={t('amount')}
                value={r.amount}
                onChange={(v) => set(i, { amount: v })}
                min={0}
                decimalScale={2}
                w={110}
                data-testid="rule-amount"
              />
              <NumberInput
                label={t('minQuantity')}
                placeholder={t('minQuantityHint')}
                value={r.minQuantity}
                onChange={(v) => set(i, { minQuantity: v })}
                min={0}
                decimalScale={3}
                w={130}
                data-testid="rule-min"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('removeRule', { n: i + 1 })}
                onClick={() => setRules((rs) => rs.filter((_, k) => k !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button variant="light" onClick={() => setRules((rs) => [...rs, blankRule()])} data-testid="add-rule">
            {t('addRule')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void save()} loading={saving} data-testid="save-price-list">
              {t('save')}
            </Button>
          </Group>
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert" data-testid="price-list-error">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
