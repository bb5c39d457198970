import { Alert, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { datedFileName } from '../../../core/dates';
import { formatRupees } from '../../../core/money';
import type { ReorderLineDto } from '../../../core/schemas/reorder';
import { isDecimalUnit } from '../../../core/units';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { downloadText } from '../../lib/download';
import { useDateFormat } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';
import { useUnitText } from '../../lib/unit-text';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchReorder, fetchVendors } from './reorder-api';
import { type OrderLine, orderCsv, orderText } from './reorder-export';

const MakeOrdersDialog = lazy(() => import('./make-orders-dialog'));

/** One product to reorder: a checkbox with its name, what it has and sold, and the quantity to order. */
function ReorderRow({
  p,
  checked,
  quantity,
  onCheck,
  onQuantity,
}: {
  p: ReorderLineDto;
  checked: boolean;
  quantity: number;
  onCheck: (v: boolean) => void;
  onQuantity: (q: number) => void;
}) {
  const t = useT('reorder');
  const u = useUnitText();
  const decimals = isDecimalUnit(p.unit);
  // what goods cost is shown only to those who may see it (core/permissions.ts seeCost)
  const seeCost = useCan('seeCost');
  return (
    <Card withBorder radius="md" padding="sm" data-testid="reorder-row">
      <Checkbox
        size="md"
        checked={checked}
        onChange={(e) => onCheck(e.currentTarget.checked)}
        aria-label={t('chooseLine', { name: p.name })}
        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
        label={
          <div>
            <Text fw={700}>{p.name}</Text>
            {p.Tamil && (
              <Text size="sm" c="dimmed">
                {p.Tamil}
              </Text>
            )}
          </div>
        }
      />
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm" mt={6}>
        <Text size="sm" c="dimmed">
          {[
            t('stock', { n: u.quantity(p.countInStock, p.unit) }),
            t('reorderLevel', { n: u.quantity(p.reOrderLevel, p.unit) }),
            t('sold30', { n: u.quantity(p.sold30, p.unit) }),
            ...(p.costPrice === null || !seeCost ? [] : [t('cost', { price: formatRupees(p.costPrice) + u.perUnit(p.unit) })]),
          ].join(' · ')}
        </Text>
        <NumberInput
          w={150}
          style={{ flexShrink: 0 }}
          size="md"
          label={t('orderQuantity')}
          value={quantity}
          min={0}
          max={100000}
          decimalScale={decimals ? 3 : 0}
          allowDecimal={decimals}
          allowNegative={false}
          rightSection={<Text size="xs">{u.name(p.unit)}</Text>}
          onChange={(v) => onQuantity(typeof v === 'number' ? v : Number(v) || 0)}
          data-testid="reorder-quantity"
        />
      </Group>
    </Card>
  );
}

/** /reorder: what to order again, chosen and adjusted, shared on WhatsApp or downloaded as CSV. */
export default function ReorderPage() {
  const t = useT('reorder');
  const lang = useLanguage();
  const isAdmin = useCan('administer');
  // an admin sees every vendor's list, or chooses one (its shop name then heads the order)
  const [vendorId, setVendorId] = useState<string | null>(null);
  const vendorsQ = useCachedQuery(isAdmin ? 'reorder:vendors' : null, fetchVendors, { persist: false });
  const q = useCachedQuery(`reorder:${vendorId ?? 'all'}`, () => fetchReorder(vendorId ?? undefined), { persist: false });
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [edited, setEdited] = useState<Record<string, number>>({});
  const dateText = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  const products = useMemo(() => q.data?.products ?? [], [q.data]);
  const chosen: OrderLine[] = products
    .filter((p) => !unchecked.has(p._id))
    .map((p) => ({ product: p, quantity: edited[p._id] ?? p.suggested }))
    .filter((l) => l.quantity > 0);
  const [warn, setWarn] = useState(false);
  const [making, setMaking] = useState(false);
  // purchase orders are a shop's: an admin's list of every vendor has no one shop to order for
  const canOrder = !isAdmin || !!vendorId;

  const ready = () => {
    setWarn(chosen.length === 0);
    return chosen.length > 0;
  };
  const share = async () => {
    if (!ready()) return;
    const text = orderText(chosen, {
      lang,
      shopName: q.data?.shopName ?? '',
      title: t('orderTitle'),
      date: dateText.format(new Date()),
      pieces: (n: number) => t(n === 1 ? 'piece' : 'pieces'),
    });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ text });
        return;
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
      }
    }
    window.open(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener');
  };
  const download = () => {
    if (!ready()) return;
    const header = [
      t('csvName'),
      t('csvTamil'),
      t('csvUnit'),
      t('csvStock'),
      t('csvReorderLevel'),
      t('csvSold30'),
      t('csvQuantity'),
      t('csvCost'),
    ];
    downloadText(datedFileName('reorder', 'csv'), orderCsv(chosen, header), 'text/csv;charset=utf-8');
  };
  const toggle = (id: string, on: boolean) =>
    setUnchecked((s) => {
      const next = new Set(s);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="md">
      <PageHeader title={t('title')} hint={t('hint')} mb={0} />
      {isAdmin && (
        <Select
          label={t('vendor')}
          placeholder={t('allVendors')}
          data={(vendorsQ.data ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
          value={vendorId}
          onChange={setVendorId}
          clearable
          searchable
          maw={360}
        />
      )}
      <QueryView
        query={q}
        data={q.data?.products}
        failed={t('loadFailed')}
        loader={
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={110} radius="md" />
            ))}
          </Stack>
        }
        empty={
          <Alert color="teal" data-testid="reorder-empty">
            {t('empty')}
          </Alert>
        }
      >
        {(products) => (
          <>
            <Group justify="space-between">
              <Checkbox
                size="md"
                label={t('selectAll')}
                checked={unchecked.size === 0}
                indeterminate={unchecked.size > 0 && unchecked.size < products.length}
                onChange={(e) => setUnchecked(e.currentTarget.checked ? new Set() : new Set(products.map((p) => p._id)))}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('chosen', { n: products.length - unchecked.size, total: products.length })}
              </Text>
            </Group>
            <Stack gap="sm">
              {products.map((p) => (
                <ReorderRow
                  key={p._id}
                  p={p}
                  checked={!unchecked.has(p._id)}
                  quantity={edited[p._id] ?? p.suggested}
                  onCheck={(v) => toggle(p._id, v)}
                  onQuantity={(n) => setEdited((e) => ({ ...e, [p._id]: n }))}
                />
              ))}
            </Stack>
            {warn && chosen.length === 0 && (
              <Alert color="orange" role="alert">
                {t('noneChosen')}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Button size="md" color="green" onClick={() => void share()}>
                {t('share')}
              </Button>
              <Button size="md" variant="light" onClick={download}>
                {t('downloadCsv')}
              </Button>
              {canOrder && (
                <Button size="md" variant="light" onClick={() => ready() && setMaking(true)} data-testid="make-orders">
                  {t('makeOrders')}
                </Button>
              )}
            </SimpleGrid>
            {making && (
              <Suspense fallback={null}>
                <MakeOrdersDialog lines={chosen} onClose={() => setMaking(false)} />
              </Suspense>
            )}
          </>
        )}
      </QueryView>
    </Stack>
  );
}
