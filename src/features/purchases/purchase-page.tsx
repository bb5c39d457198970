import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toMilli } from '../../../core/quantity';
import { formatRupees, toPaise, toRupees } from '../../../core/money';
import type { PurchaseDto } from '../../../core/schemas/purchase';
import { ResponsiveTable } from '../../components/responsive-table';
import { QueryView } from '../../components/query-view';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { useUnitText } from '../../lib/unit-text';
import { fetchPurchase } from './purchases-api';
import classes from './purchases.module.css';

const CancelPurchaseDialog = lazy(() => import('./cancel-purchase-dialog'));
const ReturnToSupplierDialog = lazy(() => import('./return-to-supplier-dialog'));

type Line = PurchaseDto['lines'][number];

/** /purchases/:id: one bill of goods received, its lines and tax, its debit notes, with Return to supplier and Cancel bill. */
export default function PurchasePage() {
  const { id = '' } = useParams();
  const t = useT('purchases');
  const units = useUnitText();
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const at = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const q = useCachedQuery(`purchase:${id}`, () => fetchPurchase(id));
  const [cancelling, setCancelling] = useState(false);
  const [returning, setReturning] = useState(false);
  const p = q.data;
  const taxCols = p?.interState
    ? [{ key: 'igst', header: t('igst'), render: (l: Line) => formatRupees(l.igst), nowrap: true }]
    : [
        { key: 'cgst', header: t('cgst'), render: (l: Line) => formatRupees(l.cgst), nowrap: true },
        { key: 'sgst', header: t('sgst'), render: (l: Line) => formatRupees(l.sgst), nowrap: true },
      ];

  return (
    <Stack gap="md" maw={900} mx="auto" className={classes.touch}>
      <Button component={Link} to="/purchases" variant="subtle" w="fit-content" px={0}>
        ← {t('backToPurchases')}
      </Button>
      <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={240} radius="md" />}>
        {(p) => (
          <>
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={2}>{t('bill', { number: p.billNumber })}</Title>
                <Text fw={600}>{p.supplier.name}</Text>
                <Text size="sm" c="dimmed">
                  {t('billDate')} {day.format(new Date(`${p.billDate}T00:00:00Z`))}
                  {p.supplier.gstin ? ` · GSTIN ${p.supplier.gstin}` : ''}
                  {p.supplier.phone ? ` · ${p.supplier.phone}` : ''}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('receivedOn', { at: at.format(new Date(p.createdAt)) })}
                </Text>
              </div>
              {p.cancelledAt ? (
                <Badge color="red" variant="light" size="lg" data-testid="cancelled-badge">
                  {t('cancelled')}
                </Badge>
              ) : (
                <Group gap="sm">
                  {p.lines.some((l) => l.productId && toMilli(l.quantity) > toMilli(l.returned)) && (
                    <Button variant="light" onClick={() => setReturning(true)} data-testid="return-to-supplier">
                      {t('returnToSupplier')}
                    </Button>
                  )}
                  {/* a bill with a debit note stands (the server refuses to cancel it) */}
                  {p.debitNotes.length === 0 && (
                    <Button color="red" variant="light" onClick={() => setCancelling(true)}>
                      {t('cancelBill')}
                    </Button>
                  )}
                </Group>
              )}
            </Group>
            {p.cancelledAt && (
              <Alert color="red" variant="light">
                {t('cancelledOn', { at: at.format(new Date(p.cancelledAt)), reason: p.cancelReason ?? '' })}
              </Alert>
            )}
            <ResponsiveTable
              label={t('bill', { number: p.billNumber })}
              rows={p.lines}
              rowKey={(l) => `${l.productId ?? ''}${l.name}`}
              columns={[
                { key: 'name', header: t('product'), cardTitle: true, render: (l) => l.name },
                { key: 'qty', header: t('quantity'), render: (l) => units.quantity(l.quantity, l.unit), nowrap: true },
                { key: 'cost', header: t('unitCost'), render: (l) => `${formatRupees(l.unitCost)}${units.perUnit(l.unit)}`, nowrap: true },
                { key: 'gst', header: t('gstRate'), render: (l) => `${l.gstRate}%`, nowrap: true },
                { key: 'taxable', header: t('taxable'), render: (l) => formatRupees(l.taxable), nowrap: true },
                ...taxCols,
                { key: 'total', header: t('lineTotal'), render: (l) => formatRupees(l.total), nowrap: true },
              ]}
            />
            <Paper withBorder radius="md" p="sm">
              <Group justify="space-between">
                <Text>{t('taxableTotal')}</Text>
                <Text>{formatRupees(p.taxable)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>{p.interState ? t('igst') : `${t('cgst')} + ${t('sgst')}`}</Text>
                <Text>{formatRupees(p.cgst + p.sgst + p.igst)}</Text>
              </Group>
              <Group justify="space-between">
                <Text fw={700}>{t('billTotal')}</Text>
                <Text fw={700} data-testid="purchase-total">
                  {formatRupees(p.total)}
                </Text>
              </Group>
              {p.returned > 0 && (
                <Group justify="space-between">
                  <Text>{t('returned')}</Text>
                  <Text data-testid="purchase-returned">− {formatRupees(p.returned)}</Text>
                </Group>
              )}
              <Group justify="space-between">
                <Text>{t('paid')}</Text>
                <Text>{formatRupees(p.paid)}</Text>
              </Group>
              <Group justify="space-between">
                <Text fw={700}>{t('owed')}</Text>
                <Text fw={700} data-testid="purchase-owed">
                  {formatRupees(Math.max(toRupees(toPaise(p.total) - toPaise(p.returned) - toPaise(p.paid)), 0))}
                </Text>
              </Group>
            </Paper>
            {p.debitNotes.length > 0 && (
              <Paper withBorder radius="md" p="sm">
                <Text fw={700} mb={4}>
                  {t('debitNotes')}
                </Text>
                <Stack gap={4} data-testid="debit-notes">
                  {p.debitNotes.map((n) => (
                    <Anchor key={n._id} component={Link} to={`/debit-notes/${n._id}`} py={10}>
                      {t('openDebitNote', {
                        number: n.number,
                        date: day.format(new Date(`${n.noteDate}T00:00:00Z`)),
                        amount: formatRupees(n.total),
                      })}
                    </Anchor>
                  ))}
                </Stack>
              </Paper>
            )}
            {returning && (
              <Suspense fallback={null}>
                <ReturnToSupplierDialog
                  purchase={p}
                  onClose={() => setReturning(false)}
                  onSaved={() => {
                    setReturning(false);
                    // the bill's lines, notes and what is owed changed: fetched again
                    q.refresh();
                    invalidate('purchases');
                  }}
                />
              </Suspense>
            )}
            {cancelling && (
              <Suspense fallback={null}>
                <CancelPurchaseDialog
                  purchase={p}
                  onClose={() => setCancelling(false)}
                  onCancelled={(done) => {
                    setCancelling(false);
                    q.mutate(() => done);
                    invalidate('purchases');
                  }}
                />
              </Suspense>
            )}
          </>
        )}
      </QueryView>
    </Stack>
  );
}
