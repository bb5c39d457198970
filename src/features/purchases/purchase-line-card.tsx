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
      {/* a product with packs: bought in its unit or by the pack (quantity and cost per pack) */}
      {line.packs && (
        <NativeSelect
          mb="xs"
          label={t('boughtIn')}
          data-testid="line-pack"
          data={[
            { value: '', label: unit || t('boughtInPieces') },
            ...line.packs.map((k) => ({ value: k.name, label: `${k.name} (${units.quantity(k.factor, line.unit)})` })),
          ]}
          value={line.pack ?? ''}
          onChange={(e) => onChange({ pack: e.currentTarget.value })}
          error={error(at('pack'))}
        />
      )}
      <SimpleGrid cols={3} spacing="xs">
        <TextInput
          // a pack line names its pack inside the box (the label stays one line on a phone)
          label={line.pack ? t('quantity') : unit ? `${t('quantity')} (${unit})` : t('quantity')}
          rightSection={line.pack ? <Text size="xs">{line.pack}</Text> : undefined}
          rightSectionWidth={line.pack ? 48 : undefined}
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
      {/* a product kept in batches: the batch received and its expiry (the server refuses an expired one) */}
      {line.batch && (
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
          <TextInput
            label={t('batchNumber')}
            size="md"
            autoComplete="off"
            maxLength={40}
            value={line.batch.number}
            onChange={(e) => onChange({ batch: { ...line.batch!, number: e.currentTarget.value } })}
            error={error(at('batch.number')) ?? error(at('batch'))}
            data-testid="line-batch"
          />
          <TextInput
            label={t('batchExpiry')}
            type="date"
            size="md"
            value={line.batch.expiry}
            onChange={(e) => onChange({ batch: { ...line.batch!, expiry: e.currentTarget.value } })}
            error={error(at('batch.expiry'))}
            data-testid="line-expiry"
          />
          <TextInput
            label={t('batchMrp')}
            inputMode="decimal"
            size="md"
            leftSection="₹"
            value={line.batch.mrp}
            onChange={(e) => onChange({ batch: { ...line.batch!, mrp: e.currentTarget.value } })}
            error={error(at('batch.mrp'))}
            data-testid="line-mrp"
          />
        </SimpleGrid>
      )}
    </Card>
  );
}
