import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ProductDetailDto } from '../../../core/schemas/product';
import { StockMovements } from '../../components/stock-movements';
import { QueryView } from '../../components/query-view';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchRecentMovements } from './products-api';

/** The edit page's last 10 stock movements of the product, with the way to all of them and to "Adjust stock". */
export function RecentMovements({ product }: { product: ProductDetailDto }) {
  const t = useT('vendor-products');
  const tc = useT('stock-ledger');
  const q = useCachedQuery(`product-form:movements:${product._id}`, () => fetchRecentMovements(product._id), { persist: false });
  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-movements">
      <Group justify="space-between" align="baseline">
        <Title order={3} id="recent-movements">
          {tc('recentMovements')}
        </Title>
        <Anchor component={Link} to={`/stock/${product._id}`} mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
          {t('allMovementsAdjust')}
        </Anchor>
      </Group>
      <QueryView query={q} failed={t('movementsLoadFailed')} loader={null}>
        {(movements) => <StockMovements movements={movements} unit={product.unit} label={tc('recentMovements')} />}
      </QueryView>
    </Stack>
  );
}
