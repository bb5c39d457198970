import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { istDay } from '../../../core/dates';
import { PRICING_NAME_MAX, type SchemeDto, type SchemeInput } from '../../../core/schemas/pricing';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { createScheme, updateScheme } from './pricing-api';

type Kind = SchemeInput['kind'];
interface Item {
  productId: string | null;
  quantity: number | string;
}
type Options = { products: { value: string; label: string }[]; categories: { value: string; label: string }[] };

const KINDS: Kind[] = ['buyXgetY', 'combo', 'categoryPercent'];

/** A scheme by kind, with its days (India time, both included); the server checks it all again. */
export function SchemeEditor({ scheme, options, onDone }: { scheme: SchemeDto | null; options: Options; onDone: () => void }) {
  const t = useT('pricing');
  const today = istDay();
  const [kind, setKind] = useState<Kind>(scheme?.kind ?? 'buyXgetY');
  const [name, setName] = useState(scheme?.name ?? '');
  const [from, setFrom] = useState(scheme?.from ?? today);
  const [to, setTo] = useState(scheme?.to ?? today);
  const [buy, setBuy] = useState<Item>(scheme?.kind === 'buyXgetY' ? scheme.buy : { productId: null, quantity: 2 });
  const [get, setGet] = useState<Item>(scheme?.kind === 'buyXgetY' ? scheme.get : { productId: null, quantity: 1 });
  const [items, setItems] = useState<Item[]>(
    scheme?.kind === 'combo'
      ? scheme.items
      : [
          { productId: null, quantity: 1 },
          { productId: null, quantity: 1 },
        ],
  );
  const [price, setPrice] = useState<number | string>(scheme?.kind === 'combo' ? scheme.price : '');
  const [categoryId, setCategoryId] = useState<string | null>(scheme?.kind === 'categoryPercent' ? scheme.categoryId : null);
  const [percentOff, setPercentOff] = useState<number | string>(scheme?.kind === 'categoryPercent' ? scheme.percentOff : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const pq = (i: Item) => ({ productId: i.productId ?? '', quantity: Number(i.quantity) });
  const body = (): SchemeInput => {
    const common = { name, from, to };
    if (kind === 'buyXgetY') return { kind, ...common, buy: pq(buy), get: pq(get) };
    if (kind === 'combo') return { kind, ...common, items: items.map(pq), price: Number(price) };
    return { kind, ...common, categoryId: categoryId ?? '', percentOff: Number(percentOff) };
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      if (scheme) await updateScheme(scheme._id, body());
      else await createScheme(body());
      notifications.show({ color: 'green', message: t('saved') });
      onDone();
    } catch (e) {
      setError(errorMessage(e, t('saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const productPick = (label: string, item: Item, onChange: (i: Item) => void, testId: string) => (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid={testId}>
      <Select
        label={label}
        placeholder={t('chooseProduct')}
        data={options.products}
        value={item.productId}
        onChange={(v) => onChange({ ...item, productId: v })}
        searchable
        miw={200}
        style={{ flex: 1 }}
      />
      <NumberInput
        label={t('quantity')}
        value={item.quantity}
        onChange={(v) => onChange({ ...item, quantity: v })}
        min={0}
        decimalScale={3}
        w={110}
      />
    </Group>
  );

  return (
    <Paper withBorder radius="md" p="md" data-testid="scheme-editor">
      <Stack gap="sm">
        <Select
          label={t('kind')}
          data={KINDS.map((k) => ({ value: k, label: t(`kind_${k}`) }))}
          value={kind}
          onChange={(v) => v && setKind(v as Kind)}
          allowDeselect={false}
          disabled={!!scheme}
          data-testid="scheme-kind"
        />
        <TextInput
          label={t('schemeName')}
          value={name}
          maxLength={PRICING_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          data-testid="scheme-name"
        />
        <Group gap="sm" grow>
          <TextInput
            type="date"
            label={t('from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            data-testid="scheme-from"
          />
          <TextInput type="date" label={t('to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} data-testid="scheme-to" />
        </Group>
        {kind === 'buyXgetY' && (
          <>
            {productPick(t('buy'), buy, setBuy, 'scheme-buy')}
            {productPick(t('get'), get, setGet, 'scheme-get')}
          </>
        )}
        {kind === 'combo' && (
          <>
            <Text fw={700}>{t('comboItems')}</Text>
            {items.map((it, i) => (
              <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  {productPick(t('product'), it, (n) => setItems((xs) => xs.map((x, k) => (k === i ? n : x))), 'combo-item')}
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('removeRule', { n: i + 1 })}
                  onClick={() => setItems((xs) => xs.filter((_, k) => k !== i))}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Button variant="light" onClick={() => setItems((xs) => [...xs, { productId: null, quantity: 1 }])}>
              {t('addItem')}
            </Button>
            <NumberInput label={t('comboPrice')} value={price} onChange={setPrice} min={0} decimalScale={2} w={160} />
          </>
        )}
        {kind === 'categoryPercent' && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('category')}
              placeholder={t('chooseCategory')}
              data={options.categories}
              value={categoryId}
              onChange={setCategoryId}
              searchable
              miw={200}
              style={{ flex: 1 }}
            />
            <NumberInput label={t('percentOff')} value={percentOff} onChange={setPercentOff} min={0} max={100} decimalScale={2} w={110} />
          </Group>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} data-testid="save-scheme">
            {t('save')}
          </Button>
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert" data-testid="scheme-error">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
