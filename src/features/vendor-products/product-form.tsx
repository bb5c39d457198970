import { Alert, Anchor, Button, Checkbox, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProductDto } from '../../../core/schemas/product';
import { ImageUploader } from '../../components/image-uploader';
import { useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { ProductCatalogFields } from './product-catalog-fields';
import { ProductDetailFields } from './product-detail-fields';
import { PacksEditor } from './packs-editor';
import { fetchActiveGsts, fetchCategories, fetchVendors } from './products-api';
import { useProductForm } from './use-product-form';

/** The product's fields, each refused beside itself as the server would refuse it; `product` when editing. */
export function ProductForm({ product }: { product?: ProductDto }) {
  const isEdit = !!product;
  const isAdmin = useCan('administer');
  const { form, failure, saving, submit } = useProductForm(product, { isEdit, isAdmin });
  const t = useT('vendor-products');
  const tc = useT('common');
  const msg = useMsg();
  const [uploading, setUploading] = useState(false);
  const vendorsQ = useCachedQuery(isAdmin && !isEdit ? 'product-form:vendors' : null, fetchVendors, { persist: false });
  const categoriesQ = useCachedQuery('product-form:categories', fetchCategories, { persist: false });
  const gstsQ = useCachedQuery('product-form:gsts', fetchActiveGsts, { persist: false });
  const hasErrors = Object.keys(form.errors).length > 0;
  const banner =
    failure ??
    (hasErrors ? (
      <>
        {tc('fixErrors')} {form.unplaced}
      </>
    ) : null);

  return (
    <Stack gap="md" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{isEdit ? t('updateProduct') : t('createProduct')}</Title>
        <Anchor component={Link} to="/productList" size="sm">
          {t('yourProducts')}
        </Anchor>
      </Group>
      {!categoriesQ.data && categoriesQ.error !== undefined && <Alert color="red">{msg.categoriesLoadFailed}</Alert>}
      {!gstsQ.data && gstsQ.error !== undefined && <Alert color="red">{msg.gstOptionsLoadFailed}</Alert>}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate ref={form.formRef}>
        <Stack gap="sm">
          {isAdmin && !isEdit && (
            <Select
              label={t('vendor')}
              required
              placeholder={t('chooseVendor')}
              data={(vendorsQ.data ?? []).map((v) => ({
                value: v._id,
                label: v.vendorDetails?.shopName ? `${v.vendorDetails.shopName} (${v.name})` : v.name,
              }))}
              value={form.values.vendorId}
              onChange={(v) => form.set('vendorId', v)}
              searchable
              nothingFoundMessage={t('noVendors')}
              error={vendorsQ.error ? msg.unknownError : form.error('vendorId')}
            />
          )}
          <ProductDetailFields form={form} />
          <ProductCatalogFields form={form} isEdit={isEdit} product={product} categories={categoriesQ.data ?? []} gsts={gstsQ.data ?? []} />
          <PacksEditor form={form} />
          <ImageUploader
            value={form.values.images}
            onChange={(images) => form.set('images', images)}
            onBusyChange={setUploading}
            required={!isEdit}
            description={isEdit ? t('keepImagesHint') : t('addPhotosHint')}
            error={form.error('images')}
          />
          {!isEdit && (
            <Checkbox label={t('active')} checked={form.values.isActive} onChange={(e) => form.set('isActive', e.currentTarget.checked)} />
          )}
          {banner && (
            <Alert color="red" role="alert">
              {banner}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" component={Link} to="/productList">
              {t('cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={uploading}>
              {isEdit ? t('updateProduct') : t('createProduct')}
            </Button>
          </Group>
          {uploading && (
            <Text size="xs" c="dimmed" ta="right">
              {t('waitingForImages')}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
