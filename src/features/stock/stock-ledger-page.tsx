import { usePackText } from '../../lib/use-pack-text';
import { Alert, Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { QueryView } from '../../components/query-view';
import { StockMovements } from '../../components/stock-movements';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchLedger, fetchProduct } from './stock-api';

const AdjustStockDialog = lazy(() => import('./adjust-stock-dialog'));

/**
 * /stock/:productId: a product's stock movements, newest first, a page at a time ("Show older" adds the
 * page before), and "Adjust stock".
 */
export default function StockLedgerPage() {
  const { productId = '' } = useParams<{ productId: string }>();
  const t = useT('stock');
  const tc = useT('stock-ledger');
  const packText = usePackText();
  const productQ = useCachedQuery(`stock:product:${productId}`, () => fetchProduct(productId), { persist: false });
  const ledgerQ = useCachedQuery(`stock:ledger:${productId}`, () => fetchLedger(productId), { persist: false });
  const [adjusting, setAdjusting] = useState(false);
  // "Show older" by the cursor it asked with: a refreshed first page (another cursor) shows neither
  const [olderAt, setOlderAt] = useState<{ before: number; failed: boolean } | null>(null);
  const product = productQ.data?._id === productId ? productQ.data : undefined;

  const both = product && ledgerQ.data ? { product, ledger: ledgerQ.data } : null;
  // the product and its movements load side by side: a failure of either is the page's, and Retry loads both
  const query = {
    error: (!product && productQ.error) || (!ledgerQ.data && ledgerQ.error),
    refresh: () => {
      productQ.refresh();
      ledgerQ.refresh();
    },
  };

  /** Adds the page before the oldest one shown, unless the ledger was loaded again meanwhile. */
  async function showOlder(before: number) {
    setOlderAt({ before, failed: false });
    try {
      const page = await fetchLedger(productId, before);
      // each row keeps the stock after it, so the older rows go before the shown ones as they are
      ledgerQ.mutate((l) => (l?.older === before ? { movements: [...page.movements, ...l.movements], older: page.older } : l));
      setOlderAt(null);
    } catch {
      setOlderAt((o) => (o?.before === before ? { before, failed: true } : o));
    }
  }

  return (
    <QueryView query={query} data={both} failed={t('productLoadFailed')}>
      {({ product, ledger }) => (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Title order={2}>{t('stockOf', { name: product.name })}</Title>
              <Text fw={600} data-testid="stock-now">
                {t('inStockNow', { n: packText(product.countInStock, product.unit, product.packs) })}
              </Text>
            </Stack>
            <Group gap="sm">
              <Anchor component={Link} to={`/edit-product/${product._id}`}>
                {t('backToProduct')}
              </Anchor>
              <Button size="md" onClick={() => setAdjusting(true)}>
                {t('adjustStock')}
              </Button>
            </Group>
          </Group>
          <StockMovements movements={ledger.movements} unit={product.unit} label={tc('stockMovements')} />
          {olderAt?.failed && olderAt.before === ledger.older && <Alert color="red">{t('olderLoadFailed')}</Alert>}
          {ledger.older !== null && (
            <Center>
              <Button
                variant="light"
                loading={olderAt?.before === ledger.older && !olderAt.failed}
                onClick={() => void showOlder(ledger.older!)}
              >
                {t('showOlder')}
              </Button>
            </Center>
          )}
          {adjusting && (
            <Suspense fallback={null}>
              <AdjustStockDialog
                product={product}
                onClose={() => setAdjusting(false)}
                onSaved={(res) => {
                  setAdjusting(false);
                  productQ.mutate((p) => (p ? { ...p, countInStock: res.countInStock } : p));
                  ledgerQ.mutate((l) => (l ? { ...l, movements: [...l.movements, res.movement] } : l));
                }}
              />
            </Suspense>
          )}
        </Stack>
      )}
    </QueryView>
  );
}
