import { Alert, Autocomplete, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatRupees, toRupees } from '../../../core/money';
import { isInterStateSupplier, purchaseTotals } from '../../../core/purchase';
import { istDayOf } from '../../../core/sale-void';
import type { ProductDto } from '../../../core/schemas/product';
import { ProductCombobox } from '../../components/product-combobox';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { useCachedQuery, invalidate } from '../../data/use-cached-query';
import { useFormKeys } from '../../lib/use-form-keys';
import { useSchemaForm } from '../../lib/use-schema-form';
import { type FormLine, lineTaxOf, newLine, type PurchaseForm, toPurchaseInput } from './purchase-form';
import { PurchaseLineCard } from './purchase-line-card';
import { fetchOwnProducts, fetchSuppliers } from './purchases-api';
import { fetchOrderToFill, formFromOrder } from './order-fill';
import classes from './purchases.module.css';

const loadSchema = () => import('../../../core/schemas/purchase').then((m) => m.createPurchaseSchema);

/** /purchases/new, Receive goods: a supplier's bill, line by line; saving raises the stock (offline: queued and sent later). */
export default function ReceiveGoodsPage() {
  const t = useT('purchases');
  const units = useUnitText();
  const navigate = useNavigate();
  const today = istDayOf(new Date());
  const products = useCachedQuery('purchase-products', fetchOwnProducts);
  const suppliers = useCachedQuery('purchase-suppliers', fetchSuppliers);
  const form = useSchemaForm<PurchaseForm, Awaited<ReturnType<typeof loadSchema>>>({
    schema: loadSchema,
    initial: { supplier: { name: '', phone: '', gstin: '' }, billNumber: '', billDate: today, lines: [] },
    toInput: toPurchaseInput,
  });
  const { values, setValues } = form;
  // opened from a purchase order's Receive goods (?po=<id>): filled once with its supplier and what is still to come (read fresh)
  const orderId = useSearchParams()[0].get('po');
  const order = useCachedQuery(orderId ? `receive-order:${orderId}` : null, () => fetchOrderToFill(orderId ?? ''), { persist: false });
  const filled = useRef(false);
  const [saving, setSaving] = useState(false);
  const [focusLine, setFocusLine] = useState<string | null>(null);
  const finder = useRef<HTMLInputElement>(null);
  useFormKeys(form.formRef);
  const interState = isInterStateSupplier(values.supplier.gstin.trim().toUpperCase());

  useEffect(() => {
    if (filled.current || !order.data || !products.data) return;
    filled.current = true;
    setValues(formFromOrder(order.data, products.data, values));
  }, [order.data, products.data, setValues, values]);

  useEffect(() => {
    if (!focusLine) return;
    form.formRef.current?.querySelector<HTMLInputElement>(`[data-line="${focusLine}"] [data-testid="line-quantity"]`)?.focus();
    setFocusLine(null);
  }, [focusLine, form.formRef]);

  const setSupplier = (change: Partial<PurchaseForm['supplier']>) => setValues((v) => ({ ...v, supplier: { ...v.supplier, ...change } }));
  const pickSupplier = (name: string) => {
    const known = suppliers.data?.find((s) => s.name.toLowerCase() === name.trim().toLowerCase());
    setSupplier(known ? { name, phone: values.supplier.phone || known.phone, gstin: values.supplier.gstin || known.gstin } : { name });
  };
  const setLine = (i: number, change: Partial<FormLine>) =>
    setValues((v) => ({ ...v, lines: v.lines.map((l, j) => (j === i ? { ...l, ...change } : l)) }));
  const addProduct = (p: ProductDto) => {
    if (!values.lines.some((l) => l.productId === p._id)) setValues((v) => ({ ...v, lines: [...v.lines, newLine(p)] }));
    setFocusLine(p._id);
  };
  const totals = purchaseTotals(values.lines.map((l) => lineTaxOf(l, interState)));

  const save = async () => {
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      const { submitPurchase } = await import('./purchase-outbox');
      const names = Object.fromEntries(values.lines.map((l) => [l.productId, l.name]));
      const done = await submitPurchase(checked.data, names);
      invalidate('purchase');
      if (done) {
        notifications.show({ color: 'teal', message: t('saved') });
        navigate(`/purchases/${done._id}`);
      } else {
        notifications.show({ color: 'yellow', message: t('queued') });
        navigate('/purchases');
      }
    } catch (err) {
      if (!form.serverError(err)) notifications.show({ color: 'red', message: errorMessage(err, t('saveFailed')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={900} mx="auto" className={classes.touch}>
      <Title order={2}>{t('receiveGoods')}</Title>
      {values.purchaseOrderId && order.data && (
        <Text c="dimmed" data-testid="receiving-for">
          {t('receivingFor', { number: order.data.number })}
        </Text>
      )}
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Autocomplete
              label={t('supplierName')}
              size="md"
              data={(suppliers.data ?? []).map((s) => s.name)}
              value={values.supplier.name}
              onChange={pickSupplier}
              error={form.error('supplier.name')}
              data-testid="supplier-name"
            />
            <TextInput
              label={t('supplierPhone')}
              description={t('optional')}
              size="md"
              inputMode="tel"
              value={values.supplier.phone}
              onChange={(e) => setSupplier({ phone: e.currentTarget.value })}
              error={form.error('supplier.phone')}
            />
            <TextInput
              label={t('supplierGstin')}
              description={interState ? t('interState') : t('optional')}
              size="md"
              value={values.supplier.gstin}
              onChange={(e) => setSupplier({ gstin: e.currentTarget.value })}
              error={form.error('supplier.gstin')}
            />
            <TextInput
              label={t('billNumber')}
              size="md"
              value={values.billNumber}
              onChange={(e) => form.set('billNumber', e.currentTarget.value)}
              error={form.error('billNumber')}
              data-testid="bill-number"
            />
            <TextInput
              label={t('billDate')}
              type="date"
              size="md"
              max={today}
              value={values.billDate}
              onChange={(e) => form.set('billDate', e.currentTarget.value)}
              error={form.error('billDate')}
            />
          </SimpleGrid>
          {/* each match shows its code and what is in stock; a scanner ends its code with Enter */}
          <ProductCombobox
            ref={finder}
            products={(products.data ?? []).filter((p) => p.isActive)}
            onPick={addProduct}
            onUnknown={(code) => notifications.show({ color: 'yellow', message: t('noProductForCode', { code }) })}
            texts={{ label: t('findProduct'), placeholder: t('findPlaceholder') }}
            testId="purchase-finder"
            detail={(p) => `${p.barcode ? `${p.barcode} · ` : ''}${t('inStock', { n: units.quantity(p.countInStock, p.unit) })}`}
          />
          {!products.data && <Text c="dimmed">{t('loadingProducts')}</Text>}
          {values.lines.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('costHint')}
            </Text>
          )}
          {values.lines.length === 0 ? (
            <Text c="dimmed">{t('noLines')}</Text>
          ) : (
            values.lines.map((l, i) => (
              <div key={l.productId} data-line={l.productId}>
                <PurchaseLineCard
                  line={l}
                  index={i}
                  interState={interState}
                  error={form.error}
                  onChange={(change) => setLine(i, change)}
                  onRemove={() => setValues((v) => ({ ...v, lines: v.lines.filter((_, j) => j !== i) }))}
                  onDone={() => finder.current?.focus()}
                />
              </div>
            ))
          )}
          {form.error('lines') && !values.lines.length && <Alert color="red">{form.error('lines')}</Alert>}
          {form.unplaced && <Alert color="red">{form.unplaced}</Alert>}
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between">
              <Text>{t('taxableTotal')}</Text>
              <Text>{formatRupees(toRupees(totals.taxablePaise))}</Text>
            </Group>
            <Group justify="space-between">
              <Text>{interState ? t('igst') : `${t('cgst')} + ${t('sgst')}`}</Text>
              <Text>{formatRupees(toRupees(totals.cgstPaise + totals.sgstPaise + totals.igstPaise))}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700}>{t('billTotal')}</Text>
              <Text fw={700} data-testid="bill-total">
                {formatRupees(toRupees(totals.totalPaise))}
              </Text>
            </Group>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={saving} data-testid="save-purchase">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
