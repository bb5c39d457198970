import { Alert, Button, Card, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCachedQuery } from '../../data/use-cached-query';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { createPurchaseOrder, fetchSuppliers } from './reorder-api';
import type { OrderLine } from './reorder-export';

interface SupplierGroup {
  supplierId: string;
  name: string;
  lines: OrderLine[];
}

/** The chosen lines by their last supplier; those never bought go to the supplier picked for them, or are left out. */
function groupBySupplier(lines: readonly OrderLine[], picked: { _id: string; name: string } | null): SupplierGroup[] {
  const groups = new Map<string, SupplierGroup>();
  for (const l of lines) {
    const s = l.product.lastSupplier ?? picked;
    if (!s) continue;
    const g = groups.get(s._id) ?? { supplierId: s._id, name: s.name, lines: [] };
    g.lines.push(l);
    groups.set(s._id, g);
  }
  return [...groups.values()];
}

/**
 * "Make purchase orders" from the chosen reorder lines: one order per supplier, each product to the
 * supplier of its last bill; the products never bought take a supplier picked here or are left out.
 * Each order is sent with its own Idempotency-Key, kept while the dialog is open, so trying again
 * after a lost answer makes no second order.
 */
export default function MakeOrdersDialog({ lines, onClose }: { lines: OrderLine[]; onClose: () => void }) {
  const t = useT('reorder');
  const units = useUnitText();
  const navigate = useNavigate();
  const orphans = lines.filter((l) => !l.product.lastSupplier);
  const suppliers = useCachedQuery(orphans.length ? 'reorder:suppliers' : null, fetchSuppliers, { persist: false });
  const [pickedId, setPickedId] = useState<string | null>(null);
  const picked = suppliers.data?.find((s) => s._id === pickedId) ?? null;
  const groups = groupBySupplier(lines, picked);
  const [keys] = useState(() => new Map<string, string>());
  const [done, setDone] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      for (const g of groups) {
        if (done.has(g.supplierId)) continue;
        if (!keys.has(g.supplierId)) keys.set(g.supplierId, crypto.randomUUID());
        await createPurchaseOrder(
          { supplierId: g.supplierId, lines: g.lines.map((l) => ({ productId: l.product._id, quantity: l.quantity })) },
          keys.get(g.supplierId)!,
        );
        setDone((d) => new Set(d).add(g.supplierId));
      }
      notifications.show({ color: 'teal', message: groups.length === 1 ? t('orderMade') : t('ordersMade', { n: groups.length }) });
      navigate('/purchase-orders');
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('ordersFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('makeOrdersTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('makeOrdersHint')}
        </Text>
        {groups.map((g) => (
          <Card key={g.supplierId} withBorder radius="md" padding="sm" data-testid="po-group">
            <Text fw={700}>{t(g.lines.length === 1 ? 'orderForOne' : 'orderFor', { supplier: g.name, n: g.lines.length })}</Text>
            <Text size="sm" c="dimmed">
              {g.lines.map((l) => `${l.product.name} ${units.quantity(l.quantity, l.product.unit)}`).join(' · ')}
            </Text>
          </Card>
        ))}
        {orphans.length > 0 && (
          <Card withBorder radius="md" padding="sm" data-testid="po-orphans">
            <Text fw={700}>{t('noSupplier')}</Text>
            <Text size="sm" c="dimmed" mb="xs">
              {orphans.map((l) => l.product.name).join(' · ')}
            </Text>
            <Select
              label={t('pickSupplier')}
              size="md"
              placeholder={t('leaveOut')}
              data={(suppliers.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
              value={pickedId}
              onChange={setPickedId}
              clearable
              searchable
              data-testid="po-orphan-supplier"
            />
          </Card>
        )}
        {groups.length === 0 && <Alert color="orange">{t('nothingToOrder')}</Alert>}
        <Group justify="flex-end">
          <Button size="md" loading={busy} disabled={groups.length === 0} onClick={() => void create()} data-testid="po-create">
            {groups.length === 1 ? t('createOrder') : t('createOrders', { n: groups.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
