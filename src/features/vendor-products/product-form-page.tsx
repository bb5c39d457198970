import { Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { QueryView } from '../../components/query-view';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { ProductForm } from './product-form';
import { fetchOwnProduct } from './products-api';
import { RecentMovements } from './recent-movements';

/** /createProduct and /edit-product/:id — one form; an edit waits for the product it starts from. */
export default function ProductFormPage() {
  const { id } = useParams<{ id: string }>();
  const t = useT('vendor-products');
  const msg = useMsg();
  const productQ = useCachedQuery(id ? `product-form:product:${id}` : null, () => fetchOwnProduct(id!), { persist: false });
  const loaded = productQ.data?._id === id ? productQ.data : undefined;

  return (
    <Stack gap="xl">
      {id ? (
        <QueryView
          query={productQ}
          data={loaded}
          failed={msg.productLoadFailed}
          action={
            <Anchor component={Link} to="/productList">
              {t('backToYourProducts')}
            </Anchor>
          }
        >
          {/* filled from the product once, when it arrives: a later refresh leaves the edits alone */}
          {(product) => (
            <>
              <ProductForm key={id} product={product} />
              <RecentMovements product={product} />
            </>
          )}
        </QueryView>
      ) : (
        <ProductForm key="new" />
      )}
    </Stack>
  );
}
