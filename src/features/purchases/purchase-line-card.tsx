import { ActionIcon, Card, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatRupees, toRupees } from '../../../core/money';
import { GST_SLABS } from '../../../core/purchase';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { type FormLine, lineTaxOf } from './purchase-form';

interface Props {
  line: FormLine;
  index: number;
  interState: boolean;
  onChange: (change: Partial<FormLine>) => void;
  onRemove: () => void;
  /** Enter on the GST rate: back to the product box for the next line. */
  onDone: () => void;
  error: (path: string) => ReactNode | undefined;
}

/** One line of the bill: quantity, unit cost before GST and GST rate, with the line's total. */
export function PurchaseLineCard({ line, index, interState, onChange, onRemove, onDone, error }: Props) {
  const t = useT('purchases');
  const units = useUnitText();
  const at = (field: string) => `lines.${index}.${field}`;
  const unit = units.name(line.unit);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="purchase-line">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <Text fw={700} lineClamp={1} style={{ minWidth: 0 }}>
          {line.name}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="line-total" aria-label={t('lineTotal')}>
            {formatRupees(toRupees(lineTaxOf(line, interState).totalPaise))}
          </Text>
          <ActionIcon variant="subtle" color="red" size={44} aria-label={t('removeLine', { name: line.name })} onClick={onRemove}>
            ✕
          </ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        <TextInput
          label={unit ? `${t('quantity')} (${unit})` : t('quantity')}
          inputMode="decimal"
          size="md"
          value={line.quantity}
          onChange={(e) => onChange({ quantity: e.currentTarget.value })}
          error={error(at('quantity'))}
          data-testid="line-quantity"
        />
        <TextInput
          label={t('unitCostShort')}
          inputMode="decimal"
          size="md"
          leftSection="₹"
          value={line.unitCost}
          onChange={(e) => onChange({ unitCost: e.currentTarget.value })}
          error={error(at('unitCost'))}
          data-testid="line-cost"
        />
        <NativeSelect
          label={t('gstRate')}
          size="md"
          data={GST_SLABS.map((r) => ({ value: String(r), label: `${r}%` }))}
          value={line.gstRate}
          onChange={(e) => onChange({ gstRate: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
              e.preventDefault();
              onDone();
            }
          }}
          error={error(at('gstRate'))}
          data-testid="line-gst"
        />
      </SimpleGrid>
    </Card>
  );
}
