import { usePackText } from '../../lib/use-pack-text';
import { ActionIcon, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import type { ProductDto } from '../../../core/schemas/product';
import { fromMilli, isDecimalUnit, toMilli } from '../../../core/units';
import { useSignedQuantity } from '../../components/stock-movements';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

interface Props {
  product: ProductDto;
  /** What was typed: a number, or '' while empty. */
  counted: number | '';
  onCounted: (value: number | '') => void;
  onRemove: () => void;
  /** Enter in the counted box: back to the search box for the next product. */
  onDone: () => void;
  inputRef: Ref<HTMLInputElement>;
}

/** One counted product: its book stock, the counted box and the difference (green more, red fewer). */
export function CountLine({ product: p, counted, onCounted, onRemove, onDone, inputRef }: Props) {
  const t = useT('stock');
  const units = useUnitText();
  const packText = usePackText();
  const signed = useSignedQuantity();
  const diff = counted === '' ? null : fromMilli(toMilli(counted) - toMilli(p.countInStock));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="count-line">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Stack gap={0} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text fw={700} lineClamp={1}>
            {p.name}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {[p.Tamil, p.barcode].filter(Boolean).join(' · ') || p.subcategory}
          </Text>
        </Stack>
        <Stack gap={0} w={100}>
          <Text size="xs" c="dimmed">
            {t('bookStock')}
          </Text>
          <Text fw={600} data-testid="book-stock">
            {packText(p.countInStock, p.unit, p.packs)}
          </Text>
        </Stack>
        <NumberInput
          ref={inputRef}
          w={130}
          size="md"
          label={t('counted')}
          aria-label={t('countedOf', { name: p.name })}
          value={counted}
          onChange={(v) => onCounted(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onDone();
            }
          }}
          min={0}
          allowNegative={false}
          decimalScale={isDecimalUnit(p.unit) ? 3 : 0}
          rightSection={<Text size="xs">{units.name(p.unit)}</Text>}
          hideControls
          data-testid="counted"
        />
        <Stack gap={0} w={100}>
          <Text size="xs" c="dimmed">
            {t('difference')}
          </Text>
          <Text fw={700} c={diff === null || diff === 0 ? 'dimmed' : diff > 0 ? 'teal.8' : 'red.8'} data-testid="difference">
            {diff === null ? '–' : signed(diff, p.unit) || '0'}
          </Text>
        </Stack>
        <ActionIcon size={44} variant="subtle" color="gray" aria-label={t('removeLine', { name: p.name })} onClick={onRemove}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </ActionIcon>
      </Group>
    </Paper>
  );
}
