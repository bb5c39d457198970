import { Alert, Anchor, Badge, Breadcrumbs, Button, Divider, Grid, Group, NativeSelect, Rating, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ProductDetailDto } from '../../../core/schemas/product';
import { cartQuantityOptions, isDecimalUnit } from '../../../core/units';
import { QueryView } from '../../components/query-view';
import { ProductPrice } from '../../components/price';
import { displayName } from '../../components/product-card';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { useCategoryNames } from '../../data/category-names';
import { useMsg } from '../../lib/messages';
import { type CachedQuery, useCachedQuery } from '../../data/use-cached-query';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useCart } from '../../stores/cart';
import { catalogFetch, catalogKeys } from './catalog-api';
import { useCustomerArea } from './delivery-area';
import { DeliveryAreaPicker } from './delivery-area-picker';
import { ImageGallery } from './image-gallery';

// Below the product: its code (Rating, the autosizing Textarea) loads after the product is drawn (TBT).
const ProductReviews = lazy(() => import('./product-reviews').then((m) => ({ default: m.ProductReviews })));

/** Quantity choices: 1 to 10, or 0.25 to 10 in quarter steps for loose goods by the kg or litre; never above the stock. */
/** Each choice shows its unit ("1.5 kg"); the value stays the bare number. */
const quantityChoices = (stock: number, unit: string, label: (q: number) => string) => {
  const all = cartQuantityOptions(unit);
  const fit = all.filter((q) => q <= stock);
  return (fit.length ? fit : all.slice(0, 1)).map((q) => ({ value: String(q), label: label(q) }));
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={132} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

export default function ProductPage() {
  const msg = useMsg();
  const { productId = '' } = useParams();
  const area = useCustomerArea(); // the saved-copy name carries the delivery area
  // The saved copy draws at once (offline too), then the network's answer replaces it.
  const q = useCachedQuery(productId ? catalogKeys.product(productId) : null, () => catalogFetch.product(productId));
  // Not found for the customer's area (a link from someone elsewhere): shown, if it exists, as not delivered here.
  const missingHere = !!area && q.error instanceof ApiError && q.error.status === 404;
  const elsewhere = useCachedQuery(
    missingHere ? `${catalogKeys.product(productId)}&anywhere` : null,
    () => catalogFetch.productAnywhere(productId),
    {
      persist: false,
    },
  );
  const notHere = missingHere ? (elsewhere.data ?? null) : null;
  const failed = missingHere ? !!elsewhere.error && !elsewhere.loading : !!q.error;

  return (
    <QueryView
      query={{ error: failed ? q.error : undefined, refresh: q.refresh }}
      data={missingHere ? notHere : (q.data ?? null)}
      failed={msg.productLoadFailed}
    >
      {(product) => <ProductView key={product._id} product={product} notHere={!!notHere} area={area} q={q} />}
    </QueryView>
  );
}

/** The product's page: its pictures, price, details, Add to Cart (or why it is not delivered here) and reviews. */
function ProductView({
  product,
  notHere,
  area,
  q,
}: {
  product: ProductDetailDto;
  /** It exists, but the shop does not deliver to the customer's area. */
  notHere: boolean;
  area: string | undefined;
  q: CachedQuery<ProductDetailDto>;
}) {
  const t = useT('catalog');
  const { quantity: formatQuantity, name: unitName } = useUnitText();
  const names = useCategoryNames();
  const msg = useMsg();
  const navigate = useNavigate();
  const addToCart = useCart((s) => s.addToCart);
  const inCart = useCart((s) => s.cartItems.find((x) => x._id === product._id));
  const [qty, setQty] = useState('1');
  const badge = <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />;

  const images = product.images?.length ? product.images : product.image ? [product.image] : [];
  const stock = product.countInStock;
  const unit = product.unit ?? 'pcs';
  const add = () => {
    addToCart({
      _id: product._id,
      name: product.name,
      Tamil: product.Tamil,
      image: images[0],
      price: product.shopPrice,
      mrp: product.price,
      discount: product.discount || 0,
      qty: Number(qty),
      countInStock: stock,
      vendorId: product.vendorId,
      vendorName: product.vendorName,
      unit,
      gstRate: product.gstRate,
      isFree: product.isFree,
    });
    navigate('/cart');
  };

  return (
    <Stack gap="lg">
      {badge}
      <Breadcrumbs>
        <Anchor component={Link} to="/user-categories" size="sm">
          {t('categories')}
        </Anchor>
        <Anchor component={Link} to={`/subcategory/${encodeURIComponent(product.category)}`} size="sm">
          {names.category(product.category)}
        </Anchor>
        <Anchor component={Link} to={`/productlist/${encodeURIComponent(product.subcategory)}`} size="sm">
          {names.subcategory(product.subcategory)}
        </Anchor>
      </Breadcrumbs>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ImageGallery images={images} alt={product.name} kind={product.subcategory} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="sm">
            {product.discount > 0 && (
              <Badge color="red" size="lg" variant="filled" w="fit-content" tt="none">
                {t('specialOffer')}
              </Badge>
            )}
            <Title order={2} fz={{ base: 22, sm: 28 }}>
              {displayName(product)}
            </Title>
            <ProductPrice product={product} size="xl" />
            <Group gap={6}>
              <Rating value={product.rating} fractions={10} readOnly size="sm" />
              <Text size="sm" c="dimmed">
                {product.numReviews === 1
                  ? t('ratingOneReview', { rating: (product.rating ?? 0).toFixed(1) })
                  : t('ratingReviews', { rating: (product.rating ?? 0).toFixed(1), n: product.numReviews })}
              </Text>
            </Group>
            <Text size="sm">{product.description?.trim() ? product.description : msg.noDescription}</Text>
            <Divider />
            <Stack gap={4}>
              <Row label={t('category')}>{names.category(product.category)}</Row>
              <Row label={t('subcategory')}>{names.subcategory(product.subcategory)}</Row>
              {product.vendorName && <Row label={t('soldBy')}>{product.vendorName}</Row>}
              <Row label={t('inStock')}>
                {stock > 0 ? (
                  <Text span c="green.8" fw={600} size="sm">
                    {t('inStockYes', { n: formatQuantity(stock, unit) })}
                  </Text>
                ) : (
                  <Text span c="red" fw={600} size="sm">
                    {t('outOfStock')}
                  </Text>
                )}
              </Row>
            </Stack>
            {notHere ? (
              <>
                <Alert color="yellow" variant="light" data-testid="not-delivered-here">
                  {t('notDeliveredHere', { shop: product.vendorName || t('thisShop'), area: area ?? '' })}
                </Alert>
                <DeliveryAreaPicker />
              </>
            ) : (
              <Group align="flex-end" gap="sm" wrap="nowrap">
                {/* the phone's own picker; and no combobox code (Popover, ScrollArea) before the page is drawn */}
                <NativeSelect
                  label={isDecimalUnit(unit) ? t('quantityUnit', { unit: unitName(unit) }) : t('quantity')}
                  data={quantityChoices(stock, unit, (q) => formatQuantity(q, unit))}
                  value={qty}
                  onChange={(e) => setQty(e.currentTarget.value)}
                  disabled={stock <= 0}
                  w={100}
                />
                <Button onClick={add} disabled={stock <= 0} size="md" style={{ flex: 1 }} maw={260}>
                  {t('addToCart')}
                </Button>
              </Group>
            )}
            {inCart && (
              <Text size="xs" c="dimmed">
                {t('alreadyInCart', { qty: formatQuantity(inCart.qty, unit) })}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Suspense fallback={null}>
        <ProductReviews productId={product._id} reviews={product.reviews ?? []} onAdded={() => void q.refresh()} />
      </Suspense>
    </Stack>
  );
}
