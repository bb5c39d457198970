import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../lib/use-cached-query';
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

  if (id && !loaded && productQ.error)
    return (
      <Stack>
        <Title order={2}>{t('updateProduct')}</Title>
        <Alert color="red">{msg.productLoadFailed}</Alert>
        <Anchor component={Link} to="/productList">
          {t('backToYourProducts')}
        </Anchor>
      </Stack>
    );
  if (id && !loaded) return <PageLoader />;
  // filled from the product once, when it arrives: a later refresh leaves the edits alone
  return (
    <Stack gap="xl">
      <ProductForm key={id ?? 'new'} product={loaded} />
      {loaded && <RecentMovements product={loaded} />}
    </Stack>
  );
}
